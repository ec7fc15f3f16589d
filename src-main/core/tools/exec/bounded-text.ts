// Captures a possibly huge output stream in bounded memory: the first and last `cap` characters and the total length.

export class BoundedText {
  #head = '';
  #tail = '';
  #total = 0;

  constructor(readonly cap: number) {}

  append(chunk: string): void {
    this.#total += chunk.length;
    let rest = chunk;
    if (this.#head.length < this.cap) {
      const take = rest.slice(0, this.cap - this.#head.length);
      this.#head += take;
      rest = rest.slice(take.length);
    }
    if (rest) this.#tail = (this.#tail + rest).slice(-this.cap);
  }

  /** Characters received in total (kept or not). */
  get length(): number {
    return this.#total;
  }

  /** True when nothing was dropped, so `text()` is the whole stream. */
  get complete(): boolean {
    return this.#total === this.#head.length + this.#tail.length;
  }

  /** The whole text when complete; otherwise head + tail without the dropped middle. */
  text(): string {
    return this.#head + this.#tail;
  }

  /** The first `n` characters (n <= cap). */
  start(n: number): string {
    return this.text().slice(0, n);
  }

  /** The last `n` characters (n <= cap). */
  end(n: number): string {
    return this.complete ? this.text().slice(Math.max(0, this.#total - n)) : this.#tail.slice(-n);
  }

  isBlank(): boolean {
    return this.complete && this.text().trim() === '';
  }

  endsWithNewline(): boolean {
    return (this.#tail || this.#head).endsWith('\n');
  }
}

type Piece = string | BoundedText;

const pieceLength = (p: Piece): number => p.length;
const pieceStart = (p: Piece, n: number): string => (typeof p === 'string' ? p.slice(0, n) : p.start(n));
const pieceEnd = (p: Piece, n: number): string => (typeof p === 'string' ? p.slice(Math.max(0, p.length - n)) : p.end(n));

/**
 * Joins the pieces; when longer than `max`, keeps the first and last `max/2` characters with
 * `... (N chars truncated) ...` between them (N = characters left out).
 */
export function joinWithHeadTail(pieces: readonly Piece[], max: number): string {
  const total = pieces.reduce((sum, p) => sum + pieceLength(p), 0);
  if (total <= max) return pieces.map((p) => (typeof p === 'string' ? p : p.text())).join('');
  const half = Math.floor(max / 2);
  let head = '';
  for (const p of pieces) {
    if (head.length >= half) break;
    head += pieceStart(p, half - head.length);
  }
  let tail = '';
  for (const p of [...pieces].reverse()) {
    if (tail.length >= half) break;
    tail = pieceEnd(p, half - tail.length) + tail;
  }
  return `${head}\n\n... (${total - head.length - tail.length} chars truncated) ...\n\n${tail}`;
}
