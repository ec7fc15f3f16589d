// Lines laid out for a terminal of a given size: how many rows a line takes when the terminal wraps it, and a block
// cut in the middle (head … ⟨N more characters⟩ … tail) so that it fits a number of rows and nothing of it can
// push what comes before the question off the screen.
import { omittedMarker } from '../../../src-preload/contract/shown-text';

/** The terminal's size (columns, rows); 80×24 when it says nothing (a pipe, a test). */
export interface ScreenSize {
  columns: number;
  rows: number;
}

export function screenSizeOf(stream: NodeJS.WritableStream): ScreenSize {
  const tty = stream as Partial<{ columns: number; rows: number }>;
  const columns = typeof tty.columns === 'number' && tty.columns >= 20 ? tty.columns : 80;
  const rows = typeof tty.rows === 'number' && tty.rows >= 8 ? tty.rows : 24;
  return { columns, rows };
}

/** Columns one character takes: 2 for East Asian wide and emoji (counted high: a cut row never wraps again). */
function charWidth(c: string): number {
  const cp = c.codePointAt(0)!;
  const wide =
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f000 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd);
  return wide ? 2 : 1;
}

/** `line` split into the rows a terminal `columns` wide shows it on (one row for an empty line). */
export function wrapRows(line: string, columns: number): string[] {
  const rows: string[] = [];
  let row = '';
  let width = 0;
  // One column spare: a row that fills the last column wraps on some terminals and not on others.
  const usable = Math.max(1, columns - 1);
  for (const c of line) {
    const w = c === '\t' ? 8 : charWidth(c);
    if (width + w > usable && row !== '') {
      rows.push(row);
      row = '';
      width = 0;
    }
    row += c;
    width += w;
  }
  rows.push(row);
  return rows;
}

/** How many rows `lines` take on the terminal. */
export function rowsTaken(lines: readonly string[], columns: number): number {
  return lines.reduce((n, l) => n + wrapRows(l, columns).length, 0);
}

/**
 * `lines` (each with its indent) as at most `maxRows` terminal rows: whole when they fit, else the first and last
 * rows with one line between that says how many characters are left out and `hint` (how to see them).
 */
export function fitRows(lines: readonly string[], maxRows: number, columns: number, indent: string, hint: string): { rows: string[]; cut: boolean } {
  const rows = lines.flatMap((l) => wrapRows(l, columns));
  if (rows.length <= maxRows) return { rows: [...lines], cut: false };
  const keep = Math.max(2, maxRows - 1);
  const head = Math.ceil(keep / 2);
  const tail = keep - head;
  const omitted = rows.slice(head, rows.length - tail).reduce((n, r) => n + [...r].length, 0);
  return { rows: [...rows.slice(0, head), `${indent}… ${omittedMarker(omitted)} ${hint} …`, ...rows.slice(rows.length - tail)], cut: true };
}

/** One line cut in its middle to take at most 3 rows (a marker row says how much is left out). */
export function fitLine(line: string, columns: number): string {
  const rows = wrapRows(line, columns);
  if (rows.length <= 3) return line;
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const omitted = [...line].length - [...first].length - [...last].length;
  return `${first}\n  … ${omittedMarker(omitted)} …\n${last}`;
}
