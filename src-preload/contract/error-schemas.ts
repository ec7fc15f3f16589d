// The error codes that reach the windows: a tool call's status and error code, a turn's error kind, IPC errors.
// Codes, not prose: the renderer decides what to show from them (and, later, in which language).
import { z } from 'zod';

/** How a tool call ended: `denied` when the user said no, `error` for every other failure. */
export const toolStatusSchema = z.enum(['ok', 'error', 'denied']);

/** Why a tool call failed; the core's ToolErrorCode is this type (src-main/core/lib/tool-error.ts says what each means). */
export const toolErrorCodeSchema = z.enum([
  'invalid_args',
  'not_found',
  'denied',
  'needs_approval',
  'refused',
  'disabled',
  'unavailable',
  'unsupported',
  'timeout',
  'cancelled',
  'failed',
]);

/**
 * Why a model call failed; the core's ProviderErrorKind is this type (src-main/core/model/llm-provider.ts says what
 * each means). A new kind is added here, classified in the provider, and given a fix in the renderer (its switch
 * does not compile until then).
 */
export const providerErrorKindSchema = z.enum([
  'auth',
  'not_found',
  'rate_limit',
  'server',
  'network',
  'timeout',
  'bad_request',
  'interrupted',
  'bad_response',
  'cancelled',
  'no_provider',
  'unknown',
]);

/**
 * Why a turn failed: a provider's kind, or one of the turn's own; the core's TurnErrorKind is this type
 * (src-main/core/agent/turn-error.ts says what each means).
 */
export const turnErrorKindSchema = z.enum([
  ...providerErrorKindSchema.options,
  'context_failed',
  'content_filter',
  'max_tokens',
  'empty_answer',
  'not_started',
  'shutdown',
  'internal',
]);

/** What an IPC call failed with; the message is for people. */
export const ipcErrorCodeSchema = z.enum(['invalid_input', 'not_found', 'forbidden', 'conflict', 'unavailable', 'internal']);
export const ipcErrorSchema = z.object({ code: ipcErrorCodeSchema, message: z.string() });

export type ToolStatus = z.output<typeof toolStatusSchema>;
export type ToolErrorCodeValue = z.output<typeof toolErrorCodeSchema>;
export type ProviderErrorKindValue = z.output<typeof providerErrorKindSchema>;
export type TurnErrorKindValue = z.output<typeof turnErrorKindSchema>;
export type IpcErrorCode = z.output<typeof ipcErrorCodeSchema>;
export type IpcError = z.output<typeof ipcErrorSchema>;
