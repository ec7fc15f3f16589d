// How a domain declares a channel, next to its schemas: the channel's name with its input and output schema
// (a request/response call) or its payload schema (a push). channels.ts collects the domains' tables.
import type { z } from 'zod';

/** A request/response channel (renderer → main), `domain:verb`. */
export interface InvokeSpec<C extends string = string, I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly channel: C;
  readonly input: I;
  readonly output: O;
}

/** A push channel (main → renderer). */
export interface PushSpec<C extends string = string, P extends z.ZodType = z.ZodType> {
  readonly channel: C;
  readonly payload: P;
}

/** One entry of a domain's table: `send: invoke('chat:send', chatSendInput, chatSendOutput)`. */
export function invoke<const C extends `${string}:${string}`, I extends z.ZodType, O extends z.ZodType>(
  channel: C,
  input: I,
  output: O,
): InvokeSpec<C, I, O> {
  return { channel, input, output };
}

/** One push subscription: `onNavigate: push('app:navigate', navigateEventSchema)`. */
export function push<const C extends `${string}:${string}`, P extends z.ZodType>(channel: C, payload: P): PushSpec<C, P> {
  return { channel, payload };
}
