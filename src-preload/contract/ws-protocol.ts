// The browser host's WebSocket frames, for both ends: requests carry an id, answers echo it, pushes name an
// event channel. The host (src-main/host/web) and the page's bridge (src-renderer/src/ipc/web-bridge.ts) use it.
import { z } from 'zod';
import { ipcResultSchema } from './schemas';

/** Browser → host: one contract call (a call without input has no `payload`: JSON drops undefined). */
export const wsRequestSchema = z.object({ id: z.int(), channel: z.string(), payload: z.unknown().optional() });

/** Host → browser: the answer to request `id` (an undefined `value` is dropped by JSON too). */
export const wsResponseSchema = z.object({ id: z.int(), result: ipcResultSchema(z.unknown().optional()) });

/** Host → browser: a push on an event channel (`core:event`, `app:navigate`). */
export const wsPushSchema = z.object({ event: z.string(), payload: z.unknown() });

export type WsRequest = z.output<typeof wsRequestSchema>;
export type WsResponse = z.output<typeof wsResponseSchema>;
export type WsPush = z.output<typeof wsPushSchema>;

/** One frame's text as a value of `schema`, or undefined when it is not JSON of that shape. */
function parseFrame<T extends z.ZodType>(schema: T, text: string): z.output<T> | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** The host reads a request; undefined when the frame is not a well-formed one. */
export function parseWsRequest(text: string): WsRequest | undefined {
  return parseFrame(wsRequestSchema, text);
}

/** The browser reads an answer or a push; undefined for anything else. */
export function parseWsServerFrame(text: string): WsResponse | WsPush | undefined {
  return parseFrame(z.union([wsResponseSchema, wsPushSchema]), text);
}

/** The text of a frame (both ends send JSON). */
export function encodeWsFrame(frame: WsRequest | WsResponse | WsPush): string {
  return JSON.stringify(frame);
}
