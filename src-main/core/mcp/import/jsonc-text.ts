// JSON with comments and trailing commas (VS Code's and Cursor's settings files): parsed after removing both,
// strings left exactly as written.

/** The index of the next character that is neither white space nor inside a comment. */
function skipBlank(text: string, from: number): number {
  let j = from;
  for (;;) {
    while (j < text.length && /\s/.test(text[j]!)) j++;
    if (text.startsWith('//', j)) j = text.includes('\n', j) ? text.indexOf('\n', j) : text.length;
    else if (text.startsWith('/*', j)) j = text.includes('*/', j + 2) ? text.indexOf('*/', j + 2) + 2 : text.length;
    else return j;
  }
}

/** The text with `//` and `/* *\/` comments and commas before `}` or `]` removed (outside strings). */
export function stripJsonc(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === ',') {
      const next = text[skipBlank(text, i + 1)];
      if (next !== '}' && next !== ']') out += c;
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Parses JSON with comments; a BOM at the start is allowed. Throws SyntaxError like JSON.parse. */
export function parseJsonc(text: string): unknown {
  return JSON.parse(stripJsonc(text.replace(/^\uFEFF/, '')));
}
