// Finds the words of a search in rendered text: the first match as a DOM Range (for the highlight and scrolling).

/** The query's words, lower-cased, as the core's full-text search splits them. */
export function searchWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((w) => w.length > 0);
}

/** The first place in `root`'s text where one of `words` starts; undefined when the text shows none of them. */
export function firstMatch(root: Element, words: readonly string[]): Range | undefined {
  if (!words.length) return undefined;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').toLowerCase();
    let best: { at: number; length: number } | undefined;
    for (const word of words) {
      const at = text.indexOf(word);
      if (at >= 0 && (!best || at < best.at)) best = { at, length: word.length };
    }
    if (!best) continue;
    // the last word is a prefix: highlight the whole word it starts
    let end = best.at + best.length;
    while (end < text.length && /[\p{L}\p{N}_]/u.test(text[end]!)) end++;
    const range = document.createRange();
    range.setStart(node, best.at);
    range.setEnd(node, end);
    return range;
  }
  return undefined;
}
