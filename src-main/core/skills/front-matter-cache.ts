// Parsed SKILL.md front matter kept on disk by its exact text: a new process (every CLI turn) reads its skills
// without parsing YAML (the eight built-in skills cost ~18 ms of YAML per cold turn). Any other text is parsed as before.
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../lib/atomic-write';
import { FrontMatterError, parseFrontMatterYaml, type YamlValue } from './front-matter';

/** What parsing a front matter gave: its mapping, or the FrontMatterError's message. */
type Parsed = { meta: Record<string, YamlValue> } | { error: string };

/** Texts kept at most (the oldest go first): many times the skills anyone has. */
const MAX_ENTRIES = 256;
const VERSION = 1;

function isParsed(value: unknown): value is Parsed {
  if (typeof value !== 'object' || value === null) return false;
  const meta: unknown = Reflect.get(value, 'meta');
  const error: unknown = Reflect.get(value, 'error');
  return (typeof meta === 'object' && meta !== null && !Array.isArray(meta)) || typeof error === 'string';
}

/** The cache file's entries; a missing, damaged or older file is an empty cache. */
function readEntries(file: string): Map<string, Parsed> {
  const entries = new Map<string, Parsed>();
  let stored: unknown;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return entries;
  }
  if (typeof stored !== 'object' || stored === null || Reflect.get(stored, 'version') !== VERSION) return entries;
  const list: unknown = Reflect.get(stored, 'entries');
  if (!Array.isArray(list)) return entries;
  for (const entry of list) {
    if (Array.isArray(entry) && typeof entry[0] === 'string' && isParsed(entry[1])) entries.set(entry[0], entry[1]);
  }
  return entries;
}

function parseNow(yaml: string): Parsed {
  try {
    return { meta: parseFrontMatterYaml(yaml) };
  } catch (err) {
    if (err instanceof FrontMatterError) return { error: err.message };
    throw err;
  }
}

/** parseFrontMatterYaml with a memory of every text it parsed, in `file` when given (else in memory only). */
export class FrontMatterCache {
  #entries: Map<string, Parsed> | undefined;
  #changed = false;

  constructor(private readonly file?: string) {}

  /** Same result as parseFrontMatterYaml(yaml) (a FrontMatterError for a bad one), parsed once per text. */
  parse(yaml: string): Record<string, YamlValue> {
    this.#entries ??= this.file ? readEntries(this.file) : new Map();
    let parsed = this.#entries.get(yaml);
    if (!parsed) {
      parsed = parseNow(yaml);
      this.#entries.set(yaml, parsed);
      while (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
      this.#changed = true;
    }
    if ('error' in parsed) throw new FrontMatterError(parsed.error);
    return parsed.meta;
  }

  /** Writes the file when something was parsed since (a cache: a failed write only costs a parse next time). */
  save(): void {
    if (!this.#changed || !this.file || !this.#entries) return;
    this.#changed = false;
    try {
      writeFileAtomic(this.file, JSON.stringify({ version: VERSION, entries: [...this.#entries] }));
    } catch {
      // read-only home, full disk: the next process parses again
    }
  }
}
