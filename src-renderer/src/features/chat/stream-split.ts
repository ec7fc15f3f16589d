// Splits a streaming answer into a settled part (whole paragraphs, rendered once and kept) and the tail
// still being written (re-rendered each frame), so long answers do not re-parse everything per frame.

/** Index after the last paragraph break that is not inside an open ``` code fence (0 when none). */
export function settledLength(text: string): number {
  let inFence = false;
  let lastBreak = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(lineStart, end);
    if (/^\s{0,3}(```|~~~)/.test(line)) inFence = !inFence;
    if (nl === -1) break;
    // a blank line after this one ends a paragraph
    if (!inFence && text[nl + 1] === '\n') lastBreak = nl + 2;
    lineStart = nl + 1;
  }
  return lastBreak;
}

/**
 * The ends of the settled chunks of a streaming answer: the previous ends kept (their chunks are rendered and
 * highlighted once, never again), plus the new settled length when it moved on. A text that no longer starts
 * with the chunks (a new answer) starts over.
 */
export function settledBounds(previous: readonly number[], previousText: string, text: string): number[] {
  const last = previous[previous.length - 1] ?? 0;
  const kept = last > 0 && text.startsWith(previousText.slice(0, last)) ? previous : [];
  const cut = settledLength(text);
  const end = kept[kept.length - 1] ?? 0;
  return cut > end ? [...kept, cut] : [...kept];
}
