// The message bus: inbound messages from every channel are queued and dispatched to the session runner
// (one turn at a time per `channel:chat_id` session, sessions in parallel); each answer is queued outbound
// for the channel. Unbounded queues: no message is dropped however many arrive at once.
import type { SessionRunner, TurnResult } from '../agent/session-runner';
import { errorMessage } from '../lib/result';
import { createLogger } from '../lib/logger';
import { AsyncQueue } from './async-queue';
import { sessionKeyOf, type BusChannel, type InboundMessage, type OutboundMessage } from './bus-messages';

const log = createLogger('bus');

interface Envelope {
  seq: number;
  message: InboundMessage;
  resolve(out: OutboundMessage): void;
}

export interface MessageBusDeps {
  runner: Pick<SessionRunner, 'run'>;
}

export class MessageBus {
  readonly #deps: MessageBusDeps;
  readonly #inbound = new AsyncQueue<Envelope>();
  readonly #outbound = new AsyncQueue<OutboundMessage>();
  readonly #outboundListeners = new Set<(message: OutboundMessage) => void>();
  /** Per-session chain: each session's turns start in arrival order, one after another. */
  readonly #sessions = new Map<string, Promise<void>>();
  #seq = 0;
  #stopped = false;
  /** Outbound messages are queued only once someone pulls them (listeners get every one either way). */
  #pulling = false;
  #inFlight = 0;

  constructor(deps: MessageBusDeps) {
    this.#deps = deps;
    void this.#dispatchLoop();
  }

  /** Queues an inbound message; resolves with its answer once the turn has finished. */
  publishInbound(message: InboundMessage): Promise<OutboundMessage> {
    if (this.#stopped) return Promise.reject(new Error('the message bus is stopped'));
    return new Promise((resolve) => this.#inbound.push({ seq: ++this.#seq, message, resolve }));
  }

  /** The next outbound message of any channel (for hosts that pull; queued from the first call on). */
  consumeOutbound(): Promise<OutboundMessage> {
    this.#pulling = true;
    return this.#outbound.take();
  }

  /** Calls `listener` for each outbound message of `channel` (or all channels); returns the unsubscribe. */
  onOutbound(listener: (message: OutboundMessage) => void, channel?: BusChannel): () => void {
    const wrapped = channel ? (m: OutboundMessage) => m.channel === channel && listener(m) : listener;
    this.#outboundListeners.add(wrapped);
    return () => this.#outboundListeners.delete(wrapped);
  }

  /** Inbound messages not yet dispatched plus turns queued or running. */
  pending(): { inbound: number; inFlight: number; outbound: number } {
    return { inbound: this.#inbound.size, inFlight: this.#inFlight, outbound: this.#outbound.size };
  }

  /** Stops accepting messages; turns already dispatched finish. */
  stop(): Promise<void> {
    this.#stopped = true;
    return Promise.allSettled([...this.#sessions.values()]).then(() => undefined);
  }

  async #dispatchLoop(): Promise<void> {
    for (;;) {
      const envelope = await this.#inbound.take();
      this.#dispatch(envelope);
    }
  }

  #dispatch(envelope: Envelope): void {
    const key = sessionKeyOf(envelope.message);
    const previous = this.#sessions.get(key) ?? Promise.resolve();
    this.#inFlight++;
    const next = previous.then(() => this.#runTurn(key, envelope));
    this.#sessions.set(key, next);
    void next.finally(() => {
      if (this.#sessions.get(key) === next) this.#sessions.delete(key);
    });
  }

  async #runTurn(sessionKey: string, { seq, message, resolve }: Envelope): Promise<void> {
    let result: TurnResult;
    try {
      result = await this.#deps.runner.run({
        sessionKey,
        text: message.text,
        ...(message.images ? { images: message.images } : {}),
        interactive: message.interactive ?? (message.channel === 'desktop' || message.channel === 'quick'),
        source: message.source ?? defaultSource(message.channel),
        ...(message.inCronRun ? { inCronRun: true } : {}),
        ...(message.extraSystem ? { extraSystem: message.extraSystem } : {}),
      });
    } catch (err) {
      log.error(`turn in ${sessionKey} failed`, err);
      result = { turnId: '', stopReason: 'error', text: '', error: errorMessage(err), usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, iterations: 0 };
    }
    const out: OutboundMessage = {
      seq,
      channel: message.channel,
      chatId: message.chatId || 'default',
      sessionKey,
      turnId: result.turnId,
      text: result.text,
      stopReason: result.stopReason,
      ...(result.error ? { error: result.error } : {}),
    };
    this.#inFlight--;
    if (this.#pulling) this.#outbound.push(out);
    for (const listener of [...this.#outboundListeners]) {
      try {
        listener(out);
      } catch (err) {
        log.error('outbound listener failed', err);
      }
    }
    resolve(out);
  }
}

function defaultSource(channel: BusChannel): 'user' | 'heartbeat' | 'cron' | 'system' {
  return channel === 'heartbeat' || channel === 'cron' || channel === 'system' ? channel : 'user';
}
