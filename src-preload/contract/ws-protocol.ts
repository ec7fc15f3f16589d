// The browser host's WebSocket frames, for both ends: requests carry an id, answers echo it, pushes name an
// event channel. The host (src-main/host/web) and the page's bridge (src-renderer/src/ipc/web-bridge.ts) use it.
// Plain guards, not zod: the page's bundle stays free of the schema library (main validates every payload).
import type { IpcResult } from './schemas';

/** Browser → host: one contract call (a call without input has no `payload`: JSON drops undefined). */
export interface WsRequest {
  id: number;
  channel: string;
  payload?: unknown;
}

/** Host → browser: the answer to request `id`. */
export interface WsResponse {
  id: number;
  result: IpcResult<unknown>;
}

/** Host → browser: a push on an event channel (`core:event`, `app:navigate`). */
export interface WsPush {
  event: string;
  payload: unknown;
}

type Fields = Record<string, unknown>;

function jsonObject(text: string): Fields | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  // Checked just above: a non-null, non-array object, whose fields the guards below read one by one.
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Fields) : undefined;
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** `{ ok: true, value }` (an undefined value is dropped by JSON) or `{ ok: false, error: { code, message } }`. */
function ipcResult(value: unknown): IpcResult<unknown> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const r = value as Fields;
  if (r.ok === true) return { ok: true, value: r.value };
  if (r.ok !== false || !r.error || typeof r.error !== 'object') return undefined;
  const { code, message } = r.error as Fields;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  // The host only sends codes of the contract's closed set; the page shows `message` and branches on `code`.
  return { ok: false, error: { code: code as Extract<IpcResult<unknown>, { ok: false }>['error']['code'], message } };
}

/** The host reads a request; undefined when the frame is not a well-formed one. */
export function parseWsRequest(text: string): WsRequest | undefined {
  const r = jsonObject(text);
  if (!r || !isId(r.id) || typeof r.channel !== 'string') return undefined;
  return r.payload === undefined ? { id: r.id, channel: r.channel } : { id: r.id, channel: r.channel, payload: r.payload };
}

/** The browser reads an answer or a push; undefined for anything else. */
export function parseWsServerFrame(text: string): WsResponse | WsPush | undefined {
  const r = jsonObject(text);
  if (!r) return undefined;
  if (isId(r.id)) {
    const result = ipcResult(r.result);
    return result ? { id: r.id, result } : undefined;
  }
  if (typeof r.event === 'string' && 'payload' in r) return { event: r.event, payload: r.payload };
  return undefined;
}

/** The text of a frame (both ends send JSON). */
export function encodeWsFrame(frame: WsRequest | WsResponse | WsPush): string {
  return JSON.stringify(frame);
}
