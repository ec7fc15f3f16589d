// An unbounded FIFO queue with an async `take`: producers never block and nothing is dropped.

export class AsyncQueue<T> {
  #items: T[] = [];
  #head = 0;
  #waiters: ((item: T) => void)[] = [];

  push(item: T): void {
    const waiter = this.#waiters.shift();
    if (waiter) waiter(item);
    else this.#items.push(item);
  }

  /** The next item, waiting for one when the queue is empty. */
  take(): Promise<T> {
    if (this.#head < this.#items.length) {
      const item = this.#items[this.#head++]!;
      if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
        this.#items = this.#items.slice(this.#head);
        this.#head = 0;
      }
      return Promise.resolve(item);
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Items waiting to be taken. */
  get size(): number {
    return this.#items.length - this.#head;
  }
}
