// Picks the next complete sentence(s) of a streamed answer to announce to screen readers.

/** From `from`, the text up to the last sentence end (or everything when `final`); null if nothing new. */
export function nextAnnouncement(text: string, from: number, final: boolean): { text: string; end: number } | null {
  if (from >= text.length) return null;
  const rest = text.slice(from);
  let end: number;
  if (final) end = text.length;
  else {
    // Latin sentence ends need a space after them (3.5 is no end); Chinese ones (。！？；) end where they stand.
    const m = /[\s\S]*(?:[.!?:\n](?=\s|$)|[。！？；])/.exec(rest);
    if (!m) return null;
    end = from + m[0].length;
  }
  const chunk = text.slice(from, end).replace(/[#*_`>|]+/g, ' ').replace(/\s+/g, ' ').trim();
  return chunk ? { text: chunk, end } : { text: '', end };
}
