// Memory editor domain: workspace markdown files, optimistic-concurrency writes, versions, revert.
import { z } from 'zod';
import { emptyInputSchema, memoryPathSchema } from './common-schemas';
import { LIMITS } from './limits';
import { invoke } from './channel-spec';

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

const memoryAuthorSchema = z.enum(['user', 'agent', 'external', 'system']);

/** A stored text of a file: the text a change replaced (at `createdAt`, by `author`). */
export const memoryVersionSchema = z.object({
  id: z.number(),
  /** Who made the change that replaced this text. */
  author: memoryAuthorSchema,
  /** Who wrote this text, when Nanotray saw it written (absent: it was there before, or changed while closed). */
  writtenBy: memoryAuthorSchema.optional(),
  createdAt: z.number(),
  size: z.number(),
});
export const memoryVersionsInput = z.strictObject({ path: memoryPathSchema });
export const memoryVersionsOutput = z.object({
  path: z.string(),
  versions: z.array(memoryVersionSchema),
  /** The file's text now, first in the history (absent when the file does not exist). */
  current: z.object({ size: z.number(), writtenBy: memoryAuthorSchema.optional() }).optional(),
});

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

/** A change the agent wants to make to a prompt file, waiting for the user (with the file as it is now). */
export const pendingChangeSchema = z.object({
  id: z.number(),
  path: z.string(),
  /** `consolidation` (facts for MEMORY.md) or `agent` (a write_file / edit_file call nobody could approve). */
  source: z.enum(['consolidation', 'agent']),
  sessionKey: z.string(),
  tool: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The text the change was proposed on, and the proposed text. */
  baseContent: z.string(),
  proposed: z.string(),
  /** The file changed since: accepting needs a merge against `currentContent`. */
  conflict: z.boolean(),
  currentContent: z.string(),
  /** Pass back as `baseVersion` when accepting a merge made against `currentContent`. */
  currentVersion: z.string(),
});
export const memoryPendingListOutput = z.object({ changes: z.array(pendingChangeSchema) });

export const memoryPendingAcceptInput = z.strictObject({
  id: z.number().int().positive(),
  /** The user's edit of the proposed text (default: the proposed text as it is). */
  content: z.string().max(LIMITS.fileChars).optional(),
  /** The version the text was merged against (after a conflict); default: the version it was proposed on. */
  baseVersion: z.string().max(LIMITS.versionChars).optional(),
});
/** A conflict is a normal outcome (the file changed since): nothing was written, the change still waits. */
export const memoryPendingAcceptOutput = z.discriminatedUnion('status', [
  z.object({ status: z.literal('applied'), path: z.string(), version: z.string() }),
  z.object({ status: z.literal('conflict'), path: z.string(), currentContent: z.string(), currentVersion: z.string() }),
]);
export const memoryPendingRejectInput = z.strictObject({ id: z.number().int().positive() });
export const memoryPendingRejectOutput = z.object({ rejected: z.boolean() });

export type PendingMemoryChange = z.output<typeof pendingChangeSchema>;
export type MemoryFile = z.output<typeof memoryFileSchema>;
export type MemoryVersion = z.output<typeof memoryVersionSchema>;
export type MemoryWriteResult = z.output<typeof memoryWriteOutput>;

/** `window.nanotray.memory.<method>`: each method's channel with its input and output schema. */
export const memoryChannels = {
  listFiles: invoke('memory:list-files', emptyInputSchema, memoryListFilesOutput),
  read: invoke('memory:read', memoryReadInput, memoryReadOutput),
  /** `{status:'conflict', theirs, yours}` when the file changed since `baseVersion`. */
  write: invoke('memory:write', memoryWriteInput, memoryWriteOutput),
  versions: invoke('memory:versions', memoryVersionsInput, memoryVersionsOutput),
  readVersion: invoke('memory:read-version', memoryReadVersionInput, memoryReadVersionOutput),
  revert: invoke('memory:revert', memoryRevertInput, memoryRevertOutput),
  /** Memory changes waiting for review (consolidation, or writes nobody could approve). */
  pendingList: invoke('memory:pending-list', emptyInputSchema, memoryPendingListOutput),
  /** `{status:'conflict', currentContent}` when the file changed since: merge, then accept with `baseVersion`. */
  pendingAccept: invoke('memory:pending-accept', memoryPendingAcceptInput, memoryPendingAcceptOutput),
  pendingReject: invoke('memory:pending-reject', memoryPendingRejectInput, memoryPendingRejectOutput),
};
