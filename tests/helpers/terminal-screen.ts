// What a terminal of a given size shows of written text: lines wrapped at the width, the last rows kept. For tests
// of what is on the screen when the CLI asks a question (no escape sequences: the CLI never writes them there).

/** The rows a terminal `columns` wide shows `text` on (each code point one column). */
export function screenRows(text: string, columns: number): string[] {
  return text.split('\n').flatMap((line) => {
    const chars = [...line];
    if (chars.length === 0) return [''];
    const rows: string[] = [];
    for (let i = 0; i < chars.length; i += columns) rows.push(chars.slice(i, i + columns).join(''));
    return rows;
  });
}

/** The screen (`rows` × `columns`) when the line starting with `question` was last written: the question row last. */
export function screenAt(output: string, question: string, columns = 80, rows = 24): string[] {
  const at = output.lastIndexOf(question);
  if (at < 0) throw new Error(`the question ${JSON.stringify(question)} was never asked`);
  const end = output.indexOf('\n', at);
  return screenRows(output.slice(0, end < 0 ? undefined : end), columns).slice(-rows);
}

/** Rows joined as one text, as a person reads wrapped lines (no break where the terminal wrapped). */
export function readAcross(rows: readonly string[]): string {
  return rows.join('');
}
