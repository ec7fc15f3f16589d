// Laying out the approval prompt for a terminal: rows a line takes (wide characters count twice), and a block cut
// in the middle to a number of rows with the count of what is left out.
import { describe, expect, it } from 'vitest';
import { fitLine, fitRows, rowsTaken, screenSizeOf, wrapRows } from '../../../src-main/host/cli/screen-fit';

describe('wrapRows', () => {
  it('wraps at one column short of the width (a full last column wraps on some terminals only)', () => {
    expect(wrapRows('abcdefghij', 5)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapRows('', 5)).toEqual(['']);
  });
  it('counts wide characters as two columns', () => {
    expect(wrapRows('記憶記憶', 5)).toEqual(['記憶', '記憶']);
  });
});

describe('fitRows', () => {
  const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
  it('keeps lines that fit as they are', () => {
    expect(fitRows(lines.slice(0, 5), 10, 80, '  ', '(v)')).toEqual({ rows: lines.slice(0, 5), cut: false });
  });
  it('keeps the first and last rows and says how many characters lie between', () => {
    const { rows, cut } = fitRows(lines, 7, 80, '  ', '(v)');
    expect(cut).toBe(true);
    expect(rows).toHaveLength(7);
    expect(rows.slice(0, 3)).toEqual(['line 0', 'line 1', 'line 2']);
    expect(rows.slice(-3)).toEqual(['line 27', 'line 28', 'line 29']);
    const omitted = lines.slice(3, 27).join('').length;
    expect(rows[3]).toBe(`  … ⟨${omitted} more characters⟩ (v) …`);
  });
  it('cuts one long line by its rows too', () => {
    const { rows } = fitRows([`start ${'x'.repeat(2000)} end`], 6, 40, '', '(v)');
    expect(rowsTaken(rows, 40)).toBe(6);
    expect(rows[0]!.startsWith('start ')).toBe(true);
    expect(rows.at(-1)!.endsWith(' end')).toBe(true);
  });
});

describe('fitLine', () => {
  it('keeps a header line of up to 3 rows, else its first and last row', () => {
    expect(fitLine('short', 80)).toBe('short');
    const long = `  Working dir: /a${'b'.repeat(500)}/z`;
    const fitted = fitLine(long, 80).split('\n');
    expect(fitted).toHaveLength(3);
    expect(fitted[1]).toMatch(/^ {2}… ⟨\d+ more characters⟩ …$/);
    expect(fitted[2]!.endsWith('/z')).toBe(true);
  });
});

describe('screenSizeOf', () => {
  it('reads a terminal size, and takes 80×24 for a pipe', () => {
    expect(screenSizeOf({ write() {} } as unknown as NodeJS.WritableStream)).toEqual({ columns: 80, rows: 24 });
    expect(screenSizeOf({ columns: 120, rows: 40 } as unknown as NodeJS.WritableStream)).toEqual({ columns: 120, rows: 40 });
  });
});
