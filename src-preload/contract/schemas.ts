// The schema maps derived from the channel table (input + output per channel, payload per push), IpcResult,
// and the types everyone uses: InvokeInput/Output, EventPayload and the InvokeHandlers main implements.
import { z } from 'zod';
import { INVOKE_SPECS, PUSH_CHANNELS, type EventChannel, type InvokeChannel, type InvokeSpecOf } from './channels';
import { ipcErrorSchema, type IpcError } from './error-schemas';

/** Every invoke returns this; nothing is ever thrown across the boundary. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** Builds the zod schema of `IpcResult<T>` for a value schema (tests, the web bridge). */
export function ipcResultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: ipcErrorSchema })]);
}

/** Each channel's `{ input, output }` schemas: main validates renderer input with `invokeSchemas[channel].input`. */
export type InvokeSchemas = { [C in InvokeChannel]: { input: InvokeSpecOf<C>['input']; output: InvokeSpecOf<C>['output'] } };
// Built from the table entry by entry, so each channel holds its own spec: the cast names that per-key pairing.
export const invokeSchemas = Object.fromEntries(INVOKE_SPECS.map((spec) => [spec.channel, { input: spec.input, output: spec.output }])) as InvokeSchemas;

type Push = typeof PUSH_CHANNELS;
/** Each push channel's payload schema. */
export type EventSchemas = { [K in keyof Push as Push[K]['channel']]: Push[K]['payload'] };
// As above: one entry per push subscription, keyed by its channel.
export const eventSchemas = Object.fromEntries(Object.values(PUSH_CHANNELS).map((spec) => [spec.channel, spec.payload])) as EventSchemas;

/** What the renderer passes in. */
export type InvokeInput<C extends InvokeChannel> = z.input<InvokeSpecOf<C>['input']>;
/** What a main-side handler receives, after parsing (defaults applied). */
export type InvokeArgs<C extends InvokeChannel> = z.output<InvokeSpecOf<C>['input']>;
export type InvokeOutput<C extends InvokeChannel> = z.output<InvokeSpecOf<C>['output']>;
export type EventPayload<C extends EventChannel> = z.output<EventSchemas[C]>;

/**
 * The one implementation main provides (Electron IPC and the browser host share it). A missing handler or
 * a wrong return type fails to compile.
 */
export type InvokeHandlers = {
  [C in InvokeChannel]: (args: InvokeArgs<C>) => Promise<IpcResult<InvokeOutput<C>>>;
};

export * from './error-schemas';
export * from './common-schemas';
export * from './event-schemas';
export * from './chat-schemas';
export * from './approval-schemas';
export * from './memory-schemas';
export * from './file-schemas';
export * from './runtime-schemas';
export * from './model-schemas';
export * from './network-schemas';
export * from './scheduler-schemas';
export * from './settings-schemas';
export * from './app-schemas';
export * from './mcp-schemas';
export * from './mcp-import-schemas';
export * from './elicitation-schemas';
export { LIMITS } from './limits';
