// The one entry for untrusted calls (Electron IPC and the browser host): channel check, payload screening,
// schema validation, then the handler — and no exception ever crosses back out.
import { z } from 'zod';
import { invokeSchemas, type InvokeHandlers, type IpcResult } from '../../../src-preload/contract/schemas';
import type { InvokeChannel } from '../../../src-preload/contract/channels';
import { screenPayload } from './payload-guard';
import { createLogger } from '../lib/logger';

/** Secrets the core knows are scrubbed from every line. */
const log = createLogger('ipc');

export type Dispatcher = (channel: string, rawPayload: unknown) => Promise<IpcResult<unknown>>;

export interface DispatcherOptions {
  /** Where handler crashes are reported (details stay on this side). */
  logError?: (message: string, err: unknown) => void;
  /** For a handler crash: the message when the database file is damaged (the home is then marked for repair). */
  damagedStore?: (err: unknown) => string | undefined;
}

const MAX_ERROR_CHARS = 1_000;

export function isInvokeChannel(channel: unknown): channel is InvokeChannel {
  return typeof channel === 'string' && Object.hasOwn(invokeSchemas, channel);
}

function invalid(message: string): IpcResult<never> {
  return { ok: false, error: { code: 'invalid_input', message: message.slice(0, MAX_ERROR_CHARS) } };
}

function isIpcResult(value: unknown): value is IpcResult<unknown> {
  if (!value || typeof value !== 'object') return false;
  const v = value as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  if (v.ok === true) return 'value' in v;
  return v.ok === false && typeof v.error?.code === 'string' && typeof v.error.message === 'string';
}

/**
 * Builds the dispatcher over one `InvokeHandlers` implementation. Unknown channels → `not_found`,
 * hostile or wrong payloads → `invalid_input`, handler exceptions → logged + `internal` "Internal error".
 */
export function createDispatcher(handlers: InvokeHandlers, options: DispatcherOptions = {}): Dispatcher {
  const logError = options.logError ?? ((message, err) => log.error(message, err));
  return async (channel, rawPayload) => {
    if (!isInvokeChannel(channel)) {
      const shown = typeof channel === 'string' ? channel.slice(0, 80) : typeof channel;
      return { ok: false, error: { code: 'not_found', message: `Unknown channel "${shown}"` } };
    }
    const problem = screenPayload(rawPayload);
    if (problem) return invalid(`Invalid input for ${channel}: ${problem}`);
    const schema: z.ZodType = invokeSchemas[channel].input;
    const parsed = schema.safeParse(rawPayload);
    if (!parsed.success) return invalid(`Invalid input for ${channel}: ${z.prettifyError(parsed.error)}`);
    // One cast, justified by the safeParse above: the handler only ever sees data its schema accepted.
    const handle = handlers[channel] as (args: unknown) => Promise<IpcResult<unknown>>;
    try {
      const result: unknown = await handle(parsed.data);
      if (isIpcResult(result)) return result;
      logError(`[ipc] ${channel} returned a malformed result`, result);
    } catch (err) {
      logError(`[ipc] ${channel} failed`, err);
      const damaged = options.damagedStore?.(err);
      if (damaged) return { ok: false, error: { code: 'unavailable', message: damaged } };
    }
    return { ok: false, error: { code: 'internal', message: 'Internal error' } };
  };
}
