// A tiny typed event emitter whose `on` returns an unsubscribe function.

export type Listener<T> = (event: T) => void;

export class Emitter<T> {
  #listeners = new Set<Listener<T>>();

  on(listener: Listener<T>): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (err) {
        // A broken listener must not break the emitter or the other listeners.
        console.error('[emitter] listener failed:', err);
      }
    }
  }

  get size(): number {
    return this.#listeners.size;
  }
}
