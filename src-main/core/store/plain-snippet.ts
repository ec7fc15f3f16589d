// Turns an FTS snippet of Markdown into plain text for the search results: no table pipes, emphasis or code marks.

/** What SQLite's snippet() puts around a match (control characters never typed into a chat). */
export const MATCH_OPEN = '\u0001';
export const MATCH_CLOSE = '\u0002';

/**
 * The snippet as plain words with each match as `[match]`: Markdown links keep their text, table rules and pipes,
 * emphasis, code fences and marks, headings and quote marks go, brackets of the text itself go (they would read as
 * matches), and whitespace folds to single spaces.
 */
export function plainSnippet(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[|\]/g, '')
    .replace(/```[\w-]*/g, ' ')
    .replace(/^\s*\|?(\s*:?-{2,}:?\s*\|)+\s*:?-*:?\s*$/gm, ' ')
    .replace(/\|/g, ' ')
    .replace(/(^|\s)#{1,6}\s/g, '$1')
    .replace(/(^|\n)\s*>\s?/g, '$1')
    .replace(/(\*{1,3}|_{2,3}|~~|`)/g, '')
    .replace(/:?-{3,}:?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replaceAll(MATCH_OPEN, '[')
    .replaceAll(MATCH_CLOSE, ']');
}
