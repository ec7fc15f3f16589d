// Exact token counts of the texts sent beside the history (the system prompt, the tool definitions), remembered
// in memory and in the database by the text's SHA-256, so a cold process knows them without the tokenizer.
import { createHash } from 'node:crypto';
import type { Database } from '../store/db';
import { getTokenCount, putTokenCount } from '../store/token-counts.repo';

export class StoredTokenCounts {
  readonly #memory = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** The stored count of `text`, if it was counted before (in this process or an earlier one). */
  get(text: string): number | undefined {
    const digest = digestOf(text);
    const hit = this.#memory.get(digest);
    if (hit !== undefined) return hit;
    const stored = getTokenCount(this.db, digest);
    if (stored !== undefined) this.#memory.set(digest, stored);
    return stored;
  }

  /** Remembers the exact count of `text` (in the database only when it is new or changed). */
  put(text: string, tokens: number): void {
    const digest = digestOf(text);
    if (this.#memory.get(digest) === tokens) return;
    this.#memory.set(digest, tokens);
    putTokenCount(this.db, digest, tokens, this.now());
  }
}

function digestOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
