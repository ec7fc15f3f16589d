// Memory editor domain: workspace markdown files, optimistic-concurrency writes, versions, revert.
import { z } from 'zod';
import { LIMITS } from './limits';
import { memoryPathSchema } from './common-schemas';

export const memoryFileSchema = z.object({
  /** Workspace-relative, `/`-separated. */
  path: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
  /** bootstrap (AGENTS.md, SOUL.md, …), memory (memory/*.md), heartbeat (HEARTBEAT.md), skill (skills/x/SKILL.md). */
  kind: z.enum(['bootstrap', 'memory', 'heartbeat', 'skill', 'other']).optional(),
  /** False for a well-known file that has not been created yet (reads as empty, version `missing`). */
  exists: z.boolean().optional(),
});
export const memoryListFilesOutput = z.object({ files: z.array(memoryFileSchema) });

export const memoryReadInput = z.strictObject({ path: memoryPathSchema });
/** `version` is opaque: send it back unchanged as `baseVersion` when saving. */
export const memoryReadOutput = z.object({ path: z.string(), content: z.string(), version: z.string() });

export const memoryWriteInput = z.strictObject({
  path: memoryPathSchema,
  content: z.string().max(LIMITS.fileChars),
  /** The version `read` returned when the editor opened the file (`missing` or `''` for a new file). */
  baseVersion: z.string().max(LIMITS.versionChars),
});
/** A conflict is a normal outcome (the file changed since it was opened), not an error. */
export const memoryWriteOutput = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), version: z.string() }),
  z.object({
    status: z.literal('conflict'),
    /** What is on disk now. */
    theirs: z.string(),
    theirsVersion: z.string(),
    /** What the editor tried to save (nothing was written). */
    yours: z.string(),
  }),
]);

export const memoryVersionSchema = z.object({
  id: z.number(),
  author: z.enum(['user', 'agent', 'external', 'system']),
  createdAt: z.number(),
  size: z.number(),
});
export const memoryVersionsInput = z.strictObject({ path: memoryPathSchema });
export const memoryVersionsOutput = z.object({ path: z.string(), versions: z.array(memoryVersionSchema) });

export const memoryReadVersionInput = z.strictObject({ path: memoryPathSchema, id: z.number().int().positive() });
export const memoryReadVersionOutput = z.object({
  path: z.string(),
  id: z.number(),
  content: z.string(),
  author: z.enum(['user', 'agent', 'external', 'system']),
  createdAt: z.number(),
});

export const memoryRevertInput = z.strictObject({ path: memoryPathSchema, id: z.number().int().positive() });
export const memoryRevertOutput = z.object({ path: z.string(), version: z.string() });

export type MemoryFile = z.output<typeof memoryFileSchema>;
export type MemoryVersion = z.output<typeof memoryVersionSchema>;
export type MemoryWriteResult = z.output<typeof memoryWriteOutput>;
