// Removes secrets from text in every form secretForms lists, also across line breaks (wrapped base64, hex
// dumps) and as long runs of the raw value (a secret cut by a truncation, or handed out in pieces).
import { MIN_SECRET_LENGTH, secretForms } from './secret-forms';

export const REDACTED = '[redacted]';

/**
 * This many consecutive characters of a raw secret count as the secret. Shorter runs stay: they would
 * start matching ordinary text. A model that asks for a secret in 11-character pieces still gets them,
 * which is why the secrets are kept out of the tools' reach in the first place (see the README).
 */
export const SECRET_FRAGMENT_CHARS = 12;

/** Scrubs one text; `contains` tells whether it holds any secret form at all. */
export interface Scrubber {
  scrub(text: string): string;
  contains(text: string): boolean;
  /** True when no secret is known (scrub returns its input). */
  readonly empty: boolean;
}

type Range = [start: number, end: number];

const formsCache = new Map<string, string[]>();

function formsOf(secret: string): string[] {
  let forms = formsCache.get(secret);
  if (!forms) {
    forms = secretForms(secret);
    if (formsCache.size > 1000) formsCache.clear();
    formsCache.set(secret, forms);
  }
  return forms;
}

/** The text without line breaks, and for each of its characters the index it had in `text`. */
function withoutLineBreaks(text: string): { flat: string; at: Int32Array } {
  const at = new Int32Array(text.length);
  let flat = '';
  let n = 0;
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      flat += text.slice(runStart, i);
      runStart = i + 1;
      continue;
    }
    at[n++] = i;
  }
  flat += text.slice(runStart);
  return { flat, at };
}

/** Half a fragment: every fragment occurrence covers one whole seed that starts at a multiple of SEED. */
const SEED = SECRET_FRAGMENT_CHARS / 2;

interface Fragments {
  /** Every SECRET_FRAGMENT_CHARS-long run of every secret. */
  runs: Set<string>;
  /** Every SEED-long run of every secret. */
  seeds: Set<string>;
}

function findRanges(text: string, forms: readonly string[], fragments: Fragments): Range[] {
  const ranges: Range[] = [];
  for (const form of forms) {
    for (let i = text.indexOf(form); i !== -1; i = text.indexOf(form, i + 1)) ranges.push([i, i + form.length]);
  }
  if (!fragments.runs.size) return ranges;
  // A run at p covers the seed at the first multiple of SEED >= p, so only those positions are probed;
  // a hit there is checked for the runs that could contain it.
  const k = SECRET_FRAGMENT_CHARS;
  for (let at = 0; at + SEED <= text.length; at += SEED) {
    if (!fragments.seeds.has(text.substr(at, SEED))) continue;
    for (let start = Math.max(0, at - SEED + 1); start <= at; start++) {
      if (start + k <= text.length && fragments.runs.has(text.substr(start, k))) ranges.push([start, start + k]);
    }
  }
  return ranges;
}

/** Replaces each merged range with REDACTED, keeping the line breaks it covered so lines stay lines. */
function replaceRanges(text: string, ranges: Range[]): string {
  ranges.sort((a, b) => a[0] - b[0]);
  let out = '';
  let pos = 0;
  for (let i = 0; i < ranges.length; ) {
    let [start, end] = ranges[i]!;
    for (i++; i < ranges.length && ranges[i]![0] <= end; i++) end = Math.max(end, ranges[i]![1]);
    const covered = text.slice(start, end).replace(/[^\r\n]/g, '');
    out += text.slice(pos, start) + REDACTED + covered;
    pos = end;
  }
  return out + text.slice(pos);
}

/** Builds a scrubber for a fixed set of secrets (values shorter than MIN_SECRET_LENGTH are ignored). */
export function compileScrubber(secrets: Iterable<string>): Scrubber {
  const values = [...new Set([...secrets].filter((s) => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH))];
  const forms = [...new Set(values.flatMap(formsOf))].sort((a, b) => b.length - a.length);
  const fragments: Fragments = { runs: new Set(), seeds: new Set() };
  for (const v of values) {
    if (v.length <= SECRET_FRAGMENT_CHARS) continue;
    for (let i = 0; i + SECRET_FRAGMENT_CHARS <= v.length; i++) fragments.runs.add(v.substr(i, SECRET_FRAGMENT_CHARS));
    for (let i = 0; i + SEED <= v.length; i++) fragments.seeds.add(v.substr(i, SEED));
  }
  const rangesIn = (text: string): Range[] => {
    if (!/[\r\n]/.test(text)) return findRanges(text, forms, fragments);
    const { flat, at } = withoutLineBreaks(text);
    return findRanges(flat, forms, fragments).map(([s, e]) => [at[s]!, at[e - 1]! + 1] as Range);
  };
  return {
    empty: values.length === 0,
    scrub(text) {
      if (!values.length || !text) return text;
      const ranges = rangesIn(text);
      return ranges.length ? replaceRanges(text, ranges) : text;
    },
    contains(text) {
      return values.length > 0 && Boolean(text) && rangesIn(text).length > 0;
    },
  };
}
