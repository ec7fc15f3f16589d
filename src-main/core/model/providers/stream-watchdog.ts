// Bounds the wait of one model request: a first-byte timeout until the server sends anything, then an idle
// timeout between chunks. Every byte counts as progress, SSE comments and keep-alives included
// (OpenRouter sends `: OPENROUTER PROCESSING` while a slow model has not started).

export interface StreamTimeouts {
  /** How long to wait for the first byte of the answer. */
  firstByteMs: number;
  /** How long the answer may pause between chunks. */
  idleMs: number;
}

export type TimeoutPhase = 'first_byte' | 'idle';

export class StreamWatchdog {
  /** Which timeout ended the request, if one did. */
  fired: TimeoutPhase | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #started = false;

  constructor(
    private readonly timeouts: StreamTimeouts,
    private readonly abort: () => void,
  ) {
    this.#arm('first_byte', timeouts.firstByteMs);
  }

  /** Bytes arrived: the first switches to the idle timeout, each one restarts it. */
  progress(): void {
    this.#started = true;
    this.#arm('idle', this.timeouts.idleMs);
  }

  /** Whether any byte of the answer arrived. */
  get started(): boolean {
    return this.#started;
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #arm(phase: TimeoutPhase, ms: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.fired = phase;
      this.abort();
    }, ms);
  }
}
