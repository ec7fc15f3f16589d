// The messages that travel on the bus: what arrives from a channel and what goes back to it.
import type { StopReason } from '../agent/events';
import type { TurnSource } from '../agent/session-runner';
import type { ImageAttachment } from '../tools/tool';

export const BUS_CHANNELS = ['desktop', 'quick', 'cli', 'heartbeat', 'cron', 'system'] as const;
export type BusChannel = (typeof BUS_CHANNELS)[number];

export interface InboundMessage {
  channel: BusChannel;
  chatId: string;
  text: string;
  images?: ImageAttachment[];
  /** Someone can answer approval prompts (desktop, quick and interactive CLI). */
  interactive?: boolean;
  source?: TurnSource;
  inCronRun?: boolean;
  /** Appended to the system prompt for this turn only. */
  extraSystem?: string;
}

export interface OutboundMessage {
  /** The inbound message's sequence number (order of arrival on the bus). */
  seq: number;
  channel: BusChannel;
  chatId: string;
  sessionKey: string;
  turnId: string;
  text: string;
  stopReason: StopReason;
  error?: string;
}

/** `channel:chat_id`, the session key of a message. */
export function sessionKeyOf(message: Pick<InboundMessage, 'channel' | 'chatId'>): string {
  return `${message.channel}:${message.chatId || 'default'}`;
}

export function isBusChannel(value: string): value is BusChannel {
  return (BUS_CHANNELS as readonly string[]).includes(value);
}
