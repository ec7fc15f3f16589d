// What an approval shows of a command or argument: everything that would not be seen as it is (long runs of blanks,
// controls, CR, escape, zero-width, bidi, NBSP, Unicode tags, runs of empty lines) becomes a visible marker such as
// `⟨3000 spaces⟩` or `⟨U+202E⟩`, and a text too long for its place is cut in the middle with the count of what is
// left out, never silently. Pure: the CLI and the window use the same function (one rule for both).

/** The marker brackets; a literal one in the text is itself shown as a marker, so no text can fake a marker. */
const OPEN = '⟨';
const CLOSE = '⟩';

/** A run of this many blanks (spaces, tabs) or more is shown as one marker. */
export const BLANK_RUN_MARKED = 4;
/** This many empty (or blank-only) lines in a row or more are shown as one marker line. */
export const EMPTY_LINE_RUN_MARKED = 2;

const NAMED: Record<string, string> = {
  '\u0000': 'NUL',
  '\u0007': 'BEL',
  '\u0008': 'BS',
  '\u000b': 'VT',
  '\u000c': 'FF',
  '\r': 'CR',
  '\u001b': 'ESC',
  '\u007f': 'DEL',
  '\u00a0': 'NBSP',
  '\u00ad': 'SHY',
  '\u200b': 'ZWSP',
  '\ufeff': 'BOM',
};

/**
 * Characters a person does not see as what they are: controls but newline and tab, format characters (zero-width,
 * bidi embeddings, overrides and isolates, soft hyphen, BOM, Unicode tags), the line/paragraph separators, every
 * space that is not U+0020 (NBSP, en/em/thin/ideographic spaces), blank-looking letters (Hangul fillers, braille
 * blank), variation selectors of the supplement (used to smuggle bytes) and the marker brackets themselves.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\u115f\u1160\u3164\uffa0\u2800\u{e0100}-\u{e01ef}\u27e8\u27e9]/u;

function isTag(c: string): boolean {
  const cp = c.codePointAt(0)!;
  return cp >= 0xe0000 && cp <= 0xe007f;
}

function codeName(c: string): string {
  const cp = c.codePointAt(0)!;
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return NAMED[c] ?? hex;
}

/** One run of the same hidden character (`n` of it) as its marker. */
function hiddenMarker(c: string, n: number): string {
  return n === 1 ? `${OPEN}${codeName(c)}${CLOSE}` : `${OPEN}${n} × ${codeName(c)}${CLOSE}`;
}

/** Indentation (blanks at the start of a line) up to this many columns stays as it is: code is indented. */
export const INDENT_KEPT_COLUMNS = 32;

/** A run of blanks (spaces and tabs) as it is when short (or modest indentation), else its marker. */
function blankRun(run: string, atLineStart: boolean): string {
  if (run.length < BLANK_RUN_MARKED) return run;
  const columns = [...run].reduce((n, c) => n + (c === '\t' ? 8 : 1), 0);
  if (atLineStart && columns <= INDENT_KEPT_COLUMNS) return run;
  const tabs = [...run].filter((c) => c === '\t').length;
  const what = tabs === 0 ? 'spaces' : tabs === run.length ? 'tabs' : 'blanks';
  return `${OPEN}${run.length} ${what}${CLOSE}`;
}

/** Unicode tag characters (U+E0000–E007F) spell ASCII nobody sees: shown as the text they spell. */
function tagRun(run: string[]): string {
  const spelled = run.map((c) => {
    const ascii = c.codePointAt(0)! - 0xe0000;
    return ascii >= 0x20 && ascii < 0x7f ? String.fromCharCode(ascii) : '?';
  });
  return `${OPEN}${run.length} tag characters: "${spelled.join('')}"${CLOSE}`;
}

/** One line (no newline in it) with its blanks and hidden characters marked. */
function markLine(line: string): string {
  const chars = [...line];
  let out = '';
  for (let i = 0; i < chars.length; ) {
    const c = chars[i]!;
    let j = i + 1;
    if (c === ' ' || c === '\t') {
      while (j < chars.length && (chars[j] === ' ' || chars[j] === '\t')) j++;
      out += blankRun(chars.slice(i, j).join(''), i === 0);
    } else if (isTag(c)) {
      while (j < chars.length && isTag(chars[j]!)) j++;
      out += tagRun(chars.slice(i, j));
    } else if (HIDDEN.test(c)) {
      while (j < chars.length && chars[j] === c) j++;
      out += hiddenMarker(c, j - i);
    } else {
      out += c;
    }
    i = j;
  }
  return out;
}

/**
 * `text` as it should be shown where a person decides on it: each line on its own line, runs of 4 or more blanks
 * (but indentation up to INDENT_KEPT_COLUMNS) and every hidden character as a marker, 2 or more empty (or
 * blank-only) lines in a row as one `⟨N empty lines⟩` line.
 */
export function markHidden(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j < lines.length && /^[ \t]*$/.test(lines[j]!)) j++;
    if (j - i >= EMPTY_LINE_RUN_MARKED) {
      out.push(`${OPEN}${j - i} empty lines${CLOSE}`);
      i = j;
    } else {
      out.push(markLine(lines[i]!));
      i++;
    }
  }
  return out.join('\n');
}

/** True when `markHidden` changes `text` (it holds something a person would not see as it is). */
export function hasHidden(text: string): boolean {
  return markHidden(text) !== text;
}

/** One argument of a tool call as shown: its name and its value (a string as it is, anything else as JSON). */
export interface ShownArgument {
  name: string;
  /** Marked with `markHidden`; a string's lines are the value's lines. */
  text: string;
}

/** The argument that says what runs is shown last, right above the question. */
const RUNS_LAST = ['command', 'code', 'script'];

/**
 * A tool call's arguments (the approval request's JSON) as named, marked values, the command last. Text that is not
 * a JSON object is one unnamed value.
 */
export function shownArguments(argsJson: string): ShownArgument[] {
  let value: unknown;
  try {
    value = JSON.parse(argsJson);
  } catch {
    return [{ name: '', text: markHidden(argsJson) }];
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [{ name: '', text: markHidden(JSON.stringify(value, null, 2) ?? '') }];
  const entries = Object.entries(value as Record<string, unknown>).map(([name, v]) => ({
    name: markHidden(name),
    text: markHidden(typeof v === 'string' ? v : (JSON.stringify(v, null, 2) ?? String(v))),
    last: RUNS_LAST.includes(name),
  }));
  return [...entries.filter((e) => !e.last), ...entries.filter((e) => e.last)].map(({ name, text }) => ({ name, text }));
}

/** A text cut in the middle: what is shown of its start and end, and how many characters lie between. */
export interface CutText {
  head: string;
  /** Characters left out between head and tail (0: the text is whole in `head`, `tail` empty). */
  omitted: number;
  tail: string;
}

/**
 * `text` whole when it has at most `maxChars` characters and `maxLines` lines, else its start and its end (each at
 * most half of either bound) and the count of the characters between.
 */
export function cutMiddle(text: string, maxChars: number, maxLines = Infinity): CutText {
  const chars = [...text];
  const halfChars = Math.max(1, Math.floor(maxChars / 2));
  const halfLines = Math.max(1, Math.floor(maxLines / 2));
  let headEnd = Math.min(chars.length, halfChars);
  for (let i = 0, lines = 0; i < headEnd; i++) if (chars[i] === '\n' && ++lines === halfLines) headEnd = i + 1;
  let tailStart = Math.max(0, chars.length - halfChars);
  for (let i = chars.length - 1, lines = 0; i >= tailStart; i--) if (chars[i] === '\n' && ++lines === halfLines) tailStart = i + 1;
  if (headEnd >= tailStart) return { head: text, omitted: 0, tail: '' };
  return { head: chars.slice(0, headEnd).join(''), omitted: tailStart - headEnd, tail: chars.slice(tailStart).join('') };
}

/** The marker that stands for what `cutMiddle` left out. */
export function omittedMarker(omitted: number): string {
  return `${OPEN}${omitted} more characters${CLOSE}`;
}
