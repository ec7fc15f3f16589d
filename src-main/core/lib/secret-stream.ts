// Scrubs secrets from text that arrives in pieces (a model's streamed answer): a piece that ends with the
// start of a secret is held back until the next piece shows whether the secret follows.
import { literalForms } from './secret-forms';
import type { Scrubber } from './secret-scrubber';

export class SecretStream {
  #held = '';
  readonly #forms: string[];

  constructor(
    private readonly scrubber: Scrubber,
    secrets: Iterable<string>,
  ) {
    this.#forms = [...new Set([...secrets].flatMap(literalForms))];
  }

  /** The part of `piece` (with what was held before) that is safe to show now, scrubbed; may be ''. */
  push(piece: string): string {
    if (this.scrubber.empty) return piece;
    const text = this.#held + piece;
    const hold = this.#heldLength(text);
    this.#held = text.slice(text.length - hold);
    return this.scrubber.scrub(text.slice(0, text.length - hold));
  }

  /** Whatever is still held, scrubbed: call once when the stream ends. */
  end(): string {
    const rest = this.scrubber.scrub(this.#held);
    this.#held = '';
    return rest;
  }

  /** Length of the longest end of `text` that is the beginning (not the whole) of a secret form. */
  #heldLength(text: string): number {
    let best = 0;
    for (const form of this.#forms) {
      for (let n = Math.min(form.length - 1, text.length); n > best; n--) {
        if (text.endsWith(form.slice(0, n))) {
          best = n;
          break;
        }
      }
    }
    return best;
  }
}
