// Background work a long-running host needs soon but not before its first frame (the tray): queued while the core
// is built, run in order on the next turn of the event loop, so the host shows itself first. Never a guard: the
// approval gate and the sandbox decision are built (or awaited) by the code that needs them, not here.

/** Queued start-up steps, run once after the core is built; cancelled by disposal before they ran. */
export class DeferredStart {
  #steps: Array<{ name: string; step: () => void }> = [];
  #state: 'queued' | 'armed' | 'ran' | 'cancelled' = 'queued';
  #handle: NodeJS.Immediate | undefined;
  #settle!: () => void;
  readonly #done = new Promise<void>((resolve) => (this.#settle = resolve));
  readonly #onError: (name: string, err: unknown) => void;

  /** `onError` hears of a step that threw; the steps after it still run. */
  constructor(onError: (name: string, err: unknown) => void) {
    this.#onError = onError;
  }

  /** Queues `step` (`name` is for the log); once the steps ran it runs at once; after cancel() it is dropped. */
  add(name: string, step: () => void): void {
    if (this.#state === 'ran') this.#attempt(name, step);
    else if (this.#state !== 'cancelled') this.#steps.push({ name, step });
  }

  /** Runs the queued steps on the next turn of the event loop (setImmediate), once; none queued: done at once. */
  arm(): void {
    if (this.#state !== 'queued') return;
    if (this.#steps.length === 0) return this.#run();
    this.#state = 'armed';
    this.#handle = setImmediate(() => this.#run());
  }

  /** Drops the steps that have not run (the core is disposed first); `done` resolves. */
  cancel(): void {
    if (this.#handle) clearImmediate(this.#handle);
    if (this.#state !== 'ran') this.#state = 'cancelled';
    this.#steps = [];
    this.#settle();
  }

  /** Resolves once the steps ran (or were cancelled). */
  get done(): Promise<void> {
    return this.#done;
  }

  #run(): void {
    this.#state = 'ran';
    const steps = this.#steps;
    this.#steps = [];
    for (const { name, step } of steps) this.#attempt(name, step);
    this.#settle();
  }

  #attempt(name: string, step: () => void): void {
    try {
      step();
    } catch (err) {
      this.#onError(name, err);
    }
  }
}
