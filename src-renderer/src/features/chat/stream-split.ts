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
