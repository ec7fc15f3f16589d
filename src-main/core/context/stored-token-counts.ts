// Exact token counts of the texts sent beside the history (the system prompt, the tool definitions), remembered
// in memory and in the database by the text's SHA-256, so a cold process knows them without the tokenizer.
import { createHash } from 'node:crypto';
import type { Database } from '../store/db';
import { getTokenCount, putTokenCount } from '../store/token-counts.repo';

/** Texts whose digest is kept (the prompt and tool lists of the last few turns; each is hashed again otherwise). */
const DIGESTS_KEPT = 8;

export class StoredTokenCounts {
  readonly #memory = new Map<string, number>();
  /** text → digest for the texts seen last: every turn asks about the same system prompt and tool list. */
  readonly #digests = new Map<string, string>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** The stored count of `text`, if it was counted before (in this process or an earlier one). */
  get(text: string): number | undefined {
    const digest = this.#digestOf(text);
    const hit = this.#memory.get(digest);
    if (hit !== undefined) return hit;
    const stored = getTokenCount(this.db, digest);
    if (stored !== undefined) this.#memory.set(digest, stored);
    return stored;
  }

  /** Remembers the exact count of `text` (in the database only when it is new or changed). */
  put(text: string, tokens: number): void {
    const digest = this.#digestOf(text);
    if (this.#memory.get(digest) === tokens) return;
    this.#memory.set(digest, tokens);
    putTokenCount(this.db, digest, tokens, this.now());
  }

  #digestOf(text: string): string {
    let digest = this.#digests.get(text);
    if (digest === undefined) {
      digest = digestOf(text);
      if (this.#digests.size >= DIGESTS_KEPT) this.#digests.delete(this.#digests.keys().next().value!);
      this.#digests.set(text, digest);
    }
    return digest;
  }
}

function digestOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
