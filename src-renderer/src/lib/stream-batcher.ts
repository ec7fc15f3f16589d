// Batches streamed token text per key and flushes it once per animation frame, so a fast model
// causes one store update (and one React render) per frame instead of one per token.

/** The frame clock; requestAnimationFrame in the browser, a fake in tests. */
export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

/** requestAnimationFrame when the page is visible; a timer when hidden (rAF stops in background tabs). */
export function browserFrameScheduler(): FrameScheduler {
  return {
    request(callback) {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
        return -(setTimeout(callback, 50) as unknown as number) - 1;
      }
      return requestAnimationFrame(() => callback());
    },
    cancel(handle) {
      if (handle < 0) clearTimeout(-(handle + 1));
      else cancelAnimationFrame(handle);
    },
  };
}

export type FlushHandler = (pending: ReadonlyMap<string, string>) => void;

/** Collects text chunks by key; calls `flush` at most once per frame with everything gathered. */
export class StreamBatcher {
  readonly #pending = new Map<string, string>();
  readonly #flush: FlushHandler;
  readonly #scheduler: FrameScheduler;
  #handle: number | null = null;

  constructor(flush: FlushHandler, scheduler: FrameScheduler) {
    this.#flush = flush;
    this.#scheduler = scheduler;
  }

  /** Queue `text` for `key`; schedules a flush on the next frame if none is scheduled. */
  push(key: string, text: string): void {
    if (!text) return;
    this.#pending.set(key, (this.#pending.get(key) ?? '') + text);
    if (this.#handle === null) {
      this.#handle = this.#scheduler.request(() => {
        this.#handle = null;
        this.flushNow();
      });
    }
  }

  /** Hand over everything pending right away (e.g. before a turn's final message replaces it). */
  flushNow(): void {
    if (this.#handle !== null) {
      this.#scheduler.cancel(this.#handle);
      this.#handle = null;
    }
    if (this.#pending.size === 0) return;
    const batch = new Map(this.#pending);
    this.#pending.clear();
    this.#flush(batch);
  }

  /** Drop pending text for one key (a cancelled or deleted session). */
  discard(key: string): void {
    this.#pending.delete(key);
  }

  hasPending(): boolean {
    return this.#pending.size > 0;
  }

  dispose(): void {
    if (this.#handle !== null) this.#scheduler.cancel(this.#handle);
    this.#handle = null;
    this.#pending.clear();
  }
}
