// Files domain: a workspace text file read for the window's read-only viewer (a file the agent wrote, opened from the chat).
import { z } from 'zod';
import { LIMITS } from './limits';
import { invoke } from './channel-spec';

/** Relative to the workspace or absolute; main reads it only inside the workspace, whatever the tools' setting. */
export const filesReadInput = z.strictObject({
  path: z
    .string()
    .min(1)
    .max(LIMITS.pathChars)
    .refine((p) => !p.includes('\0'), 'no NUL characters'),
});

/** Why a file was not read: missing, outside the workspace (a link leading out included), too large, not text. */
export const fileRefusalCodeSchema = z.enum(['not_found', 'outside_workspace', 'too_large', 'binary', 'not_a_file']);

export const filesReadOutput = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('read'),
    /** Workspace-relative, `/`-separated. */
    path: z.string(),
    content: z.string(),
    size: z.number(),
  }),
  z.object({ status: z.literal('refused'), code: fileRefusalCodeSchema, message: z.string() }),
]);

export const filesChannels = {
  read: invoke('files:read', filesReadInput, filesReadOutput),
};

export type FileRefusalCode = z.output<typeof fileRefusalCodeSchema>;
