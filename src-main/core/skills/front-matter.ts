// SKILL.md front matter: the `---` block is split from the body and parsed with the `yaml` package (YAML 1.2
// core schema, plus yes/no/on/off booleans as nanobot-era skills write them). Hostile input is bounded: the
// block's size, alias expansion (no "billion laughs"), nesting depth and value types; any problem is a
// FrontMatterError with the line, so the skill is reported as broken rather than guessed at. The parser is loaded
// on the first parse (skills seen before come from front-matter-cache.ts: most processes never load it).
import { createRequire } from 'node:module';
import type { ScalarTag, YAMLError } from 'yaml';

type Yaml = typeof import('yaml');
let yamlModule: Yaml | undefined;

/**
 * The yaml package, required on first use from node_modules (synchronously: skills load synchronously). Not bundled
 * into the CLI: its ~260 KB were compiled and run on every turn for a parse the cache makes rare.
 */
function yamlParser(): Yaml {
  // require() is untyped; it returns the yaml package's CommonJS build, whose types are these.
  yamlModule ??= createRequire(import.meta.url)('yaml') as Yaml;
  return yamlModule;
}

export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue };

export class FrontMatterError extends Error {}

/** Front matter larger than this is refused before parsing (a SKILL.md header is a few hundred bytes). */
export const MAX_FRONT_MATTER_CHARS = 64 * 1024;
/** Alias uses allowed when building values: enough for sharing, far too few for an exponential expansion. */
export const MAX_ALIAS_COUNT = 100;
/** Nesting levels allowed in the parsed value. */
export const MAX_DEPTH = 32;

/** `always: yes` / `no` / `on` / `off` (any case) read as booleans, as the hand-written parser did. */
const YES_NO_BOOLEAN: ScalarTag = {
  tag: 'tag:yaml.org,2002:bool',
  identify: (value) => typeof value === 'boolean',
  default: true,
  test: /^(?:yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF)$/,
  resolve: (source) => ['yes', 'on'].includes(source.toLowerCase()),
};

/** Splits `---\n<yaml>\n---\n<body>`; no front matter → `{ yaml: undefined, body: text }`. */
export function splitFrontMatter(text: string): { yaml: string | undefined; body: string } {
  const src = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!src.startsWith('---\n') && src !== '---') return { yaml: undefined, body: src };
  const end = src.indexOf('\n---', 3);
  if (end < 0) throw new FrontMatterError('front matter starts with --- but has no closing ---');
  const after = src.indexOf('\n', end + 4);
  return { yaml: src.slice(4, end + 1), body: after < 0 ? '' : src.slice(after + 1) };
}

/** What a parse problem means to a skill author, by the parser's error code. */
function reasonOf(error: YAMLError, yaml: string): string {
  switch (error.code) {
    case 'DUPLICATE_KEY': {
      // The error points at the repeated key: name it (the text up to its `:`).
      const key = yaml.slice(error.pos[0]).split(/[:\n]/, 1)[0]!.trim();
      return key ? `duplicate key '${key}'` : 'duplicate key';
    }
    case 'TAB_AS_INDENT':
      return 'tabs are not allowed for indentation';
    case 'MULTIPLE_DOCS':
      return 'only one YAML document is allowed between the --- lines';
    case 'RESOURCE_EXHAUSTION':
      return 'the front matter is nested too deeply';
    case 'TAG_RESOLVE_FAILED':
      return `unsupported tag (${error.message})`;
    default:
      return error.message;
  }
}

/** Throws unless `value` is plain data (no Buffer, Set, Date, …) within the depth limit. */
function checkPlain(value: unknown, path: string, depth: number): asserts value is YamlValue {
  if (depth > MAX_DEPTH) throw new FrontMatterError(`${path}: nested deeper than ${MAX_DEPTH} levels`);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new FrontMatterError(`${path}: numbers must be finite`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkPlain(item, `${path}[${i}]`, depth + 1));
    return;
  }
  const proto: unknown = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null) {
    throw new FrontMatterError(`${path}: only text, numbers, booleans, lists and mappings are allowed`);
  }
  for (const [key, item] of Object.entries(value as object)) checkPlain(item, `${path}.${key}`, depth + 1);
}

/**
 * Parses front matter into a mapping. Throws FrontMatterError (`line N: reason`) for invalid YAML, a duplicate
 * key, an alias bomb, hostile nesting, a non-mapping document or values that are not plain data.
 */
export function parseFrontMatterYaml(yaml: string): Record<string, YamlValue> {
  if (yaml.length > MAX_FRONT_MATTER_CHARS) {
    throw new FrontMatterError(`front matter is larger than ${MAX_FRONT_MATTER_CHARS / 1024} KB`);
  }
  const { LineCounter, parseDocument } = yamlParser();
  const lines = new LineCounter();
  const doc = parseDocument(yaml, { customTags: [YES_NO_BOOLEAN], lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) throw new FrontMatterError(`line ${lines.linePos(problem.pos[0]).line}: ${reasonOf(problem, yaml)}`);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    // The yaml package throws a ReferenceError when aliases expand past maxAliasCount (a "billion laughs").
    if (err instanceof ReferenceError) throw new FrontMatterError(`aliases expand to too much data (more than ${MAX_ALIAS_COUNT} uses)`);
    throw new FrontMatterError(`the front matter could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new FrontMatterError('front matter must be a mapping');
  checkPlain(value, 'front matter', 0);
  // checkPlain has just shown it is a mapping of plain values.
  return value as Record<string, YamlValue>;
}
