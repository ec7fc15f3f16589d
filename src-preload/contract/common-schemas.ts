// Building blocks shared by the request schemas: bounded strings, ids, session keys, empty inputs.
import { z } from 'zod';
import { LIMITS } from './limits';

/** `channel:chat_id` style keys (`desktop:abc`, `quick:default`, `heartbeat`, `cron:job-1`). */
export const sessionKeySchema = z
  .string()
  .min(1)
  .max(LIMITS.sessionKeyChars)
  .regex(/^[A-Za-z0-9_.:@+-]+$/, 'a session key (letters, digits and _ . : @ + -)');

/** A workspace-relative markdown path; the core re-checks it against the real workspace. */
export const memoryPathSchema = z
  .string()
  .min(1)
  .max(LIMITS.pathChars)
  .refine((p) => !p.includes('\0'), 'no NUL characters')
  .refine((p) => !p.startsWith('/') && !p.startsWith('\\') && !/^[A-Za-z]:/.test(p), 'a path relative to the workspace')
  .refine((p) => !p.split(/[\\/]/).includes('..'), 'no ".." segments')
  .refine((p) => /\.md$/i.test(p), 'a markdown (.md) file');

export const nameSchema = z.string().min(1).max(LIMITS.nameChars);
export const boundedString = (max: number = LIMITS.genericStringChars) => z.string().max(max);

/** Channels that take no input accept nothing or an empty object. */
export const emptyInputSchema = z.strictObject({}).optional();

/** A JSON value (runtime values, free-form settings). */
export const jsonValueSchema = z.json();
export type JsonValue = z.output<typeof jsonValueSchema>;

export const okFlagSchema = z.object({ ok: z.literal(true) });
