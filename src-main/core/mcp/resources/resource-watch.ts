// The resources of one connection that Nanotray subscribed to (where the server offers subscriptions): each is
// subscribed once per connected client, and one the server says changed is marked until it is read again.
export class ResourceWatch {
  #subscribed = new Set<string>();
  #changed = new Set<string>();

  /** A new client: the server forgot the old subscriptions. */
  reset(): void {
    this.#subscribed.clear();
    this.#changed.clear();
  }

  /** True the first time for a URI (then subscribe); false once it is subscribed. */
  claim(uri: string): boolean {
    if (this.#subscribed.has(uri)) return false;
    this.#subscribed.add(uri);
    return true;
  }

  /** A subscribe that failed may be tried again on the next read. */
  release(uri: string): void {
    this.#subscribed.delete(uri);
  }

  /** The server said the resource changed (only subscribed URIs count). Returns whether it was news. */
  markChanged(uri: string): boolean {
    if (!this.#subscribed.has(uri) || this.#changed.has(uri)) return false;
    this.#changed.add(uri);
    return true;
  }

  /** Read again: no longer changed. */
  markRead(uri: string): void {
    this.#changed.delete(uri);
  }

  isSubscribed(uri: string): boolean {
    return this.#subscribed.has(uri);
  }

  changedSinceRead(uri: string): boolean {
    return this.#changed.has(uri);
  }
}
