// Disposers: every start*/register*/on* returns one; a store runs them in reverse order.

export type Disposer = () => void | Promise<void>;

/** Collects disposers and runs them last-in-first-out, once. */
export class DisposableStore {
  #items: Disposer[] = [];
  #disposed = false;

  add(dispose: Disposer): Disposer {
    if (this.#disposed) void dispose();
    else this.#items.push(dispose);
    return dispose;
  }

  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    for (const item of this.#items.reverse()) {
      try {
        await item();
      } catch {
        // A failing disposer must not stop the others.
      }
    }
    this.#items = [];
  }
}
