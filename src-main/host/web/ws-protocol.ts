// Messages on the browser host's WebSocket: requests carry an id, answers echo it, pushes name a channel.
import type { IpcResult } from '../../../src-preload/contract/schemas';

/** Browser → host: one contract call. */
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

/** Parses one incoming frame; undefined when it is not a well-formed request. */
export function parseWsRequest(text: string): WsRequest | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const r = data as Record<string, unknown>;
  if (typeof r.id !== 'number' || !Number.isSafeInteger(r.id) || typeof r.channel !== 'string') return undefined;
  return { id: r.id, channel: r.channel, payload: r.payload };
}
