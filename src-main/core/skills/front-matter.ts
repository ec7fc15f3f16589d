// A small YAML-subset parser for SKILL.md front matter: mappings, lists, scalars, flow lists, block text.
//
// Supported: `key: value` (plain, 'single' or "double" quoted; true/false/yes/no, null/~, numbers),
// nested mappings by indentation (spaces only), `- item` lists (of scalars or mappings), flow lists
// `[a, "b"]`, flow/JSON mappings `{"a": 1}`, block scalars `|` and `>`, and `#` comments.
// Anything else is an error with a line number, so a broken skill is reported rather than guessed at.

export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue };

export class FrontMatterError extends Error {}

interface Line {
  no: number;
  indent: number;
  text: string;
}

/** Splits `---\n<yaml>\n---\n<body>`; no front matter → `{ yaml: undefined, body: text }`. */
export function splitFrontMatter(text: string): { yaml: string | undefined; body: string } {
  const src = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!src.startsWith('---\n') && src !== '---') return { yaml: undefined, body: src };
  const end = src.indexOf('\n---', 3);
  if (end < 0) throw new FrontMatterError('front matter starts with --- but has no closing ---');
  const after = src.indexOf('\n', end + 4);
  return { yaml: src.slice(4, end + 1), body: after < 0 ? '' : src.slice(after + 1) };
}

/** Parses the YAML subset into a mapping; throws FrontMatterError (with the line) when it cannot. */
export function parseYamlSubset(yaml: string): Record<string, YamlValue> {
  const lines: Line[] = [];
  yaml.split('\n').forEach((raw, i) => {
    if (/^\s*(#.*)?$/.test(raw)) return;
    const lead = /^[ \t]*/.exec(raw)?.[0] ?? '';
    if (lead.includes('\t')) throw new FrontMatterError(`line ${i + 1}: tabs are not allowed for indentation`);
    lines.push({ no: i + 1, indent: lead.length, text: raw.slice(lead.length).trimEnd() });
  });
  const state = { i: 0 };
  const rootIndent = lines[0]?.indent ?? 0;
  const value = parseBlock(lines, state, rootIndent);
  if (state.i < lines.length) throw new FrontMatterError(`line ${lines[state.i]!.no}: unexpected indentation`);
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new FrontMatterError('front matter must be a mapping');
  return value;
}

function parseBlock(lines: Line[], state: { i: number }, indent: number): YamlValue {
  const first = lines[state.i];
  if (!first) return null;
  return first.text.startsWith('- ') || first.text === '-'
    ? parseList(lines, state, indent)
    : parseMapping(lines, state, indent);
}

function parseMapping(lines: Line[], state: { i: number }, indent: number): { [k: string]: YamlValue } {
  const out: { [k: string]: YamlValue } = {};
  while (state.i < lines.length) {
    const line = lines[state.i]!;
    if (line.indent < indent) break;
    if (line.indent > indent) throw new FrontMatterError(`line ${line.no}: unexpected indentation`);
    const m = /^("[^"]*"|'[^']*'|[^:#][^:]*?)\s*:(?:\s+(.*))?$/.exec(line.text);
    if (!m) throw new FrontMatterError(`line ${line.no}: expected 'key: value', got '${line.text.slice(0, 40)}'`);
    const key = unquote(m[1]!.trim());
    const rest = m[2]?.trim() ?? '';
    state.i++;
    if (key in out) throw new FrontMatterError(`line ${line.no}: duplicate key '${key}'`);
    out[key] = parseValueAfterKey(rest, line, lines, state);
  }
  return out;
}

function parseList(lines: Line[], state: { i: number }, indent: number): YamlValue[] {
  const out: YamlValue[] = [];
  while (state.i < lines.length) {
    const line = lines[state.i]!;
    if (line.indent < indent) break;
    if (line.indent > indent || !(line.text.startsWith('- ') || line.text === '-')) {
      throw new FrontMatterError(`line ${line.no}: expected a '- item' list entry`);
    }
    const rest = line.text.slice(1).trim();
    if (/^[^"'[{][^:]*:(\s|$)/.test(rest)) {
      // `- key: value` starts a mapping item whose further keys are indented to the key's column.
      lines[state.i] = { no: line.no, indent: line.indent + 2, text: rest };
      out.push(parseMapping(lines, state, line.indent + 2));
    } else {
      state.i++;
      out.push(parseValueAfterKey(rest, line, lines, state));
    }
  }
  return out;
}

function parseValueAfterKey(rest: string, line: Line, lines: Line[], state: { i: number }): YamlValue {
  if (rest === '|' || rest === '>' || rest === '|-' || rest === '>-') return blockScalar(rest, line, lines, state);
  if (rest === '' || rest.startsWith('#')) {
    const next = lines[state.i];
    if (!next || next.indent <= line.indent) {
      // A list may sit at the same indentation as its key.
      if (next && next.indent === line.indent && next.text.startsWith('-')) return parseList(lines, state, next.indent);
      return null;
    }
    return parseBlock(lines, state, next.indent);
  }
  return parseScalarOrFlow(rest, line.no);
}

function blockScalar(style: string, line: Line, lines: Line[], state: { i: number }): string {
  const parts: string[] = [];
  while (state.i < lines.length && lines[state.i]!.indent > line.indent) parts.push(lines[state.i++]!.text);
  const text = style.startsWith('|') ? parts.join('\n') : parts.join(' ');
  return style.endsWith('-') ? text : `${text}\n`;
}

function parseScalarOrFlow(text: string, lineNo: number): YamlValue {
  if (text.startsWith('[') || text.startsWith('{')) {
    try {
      return JSON.parse(text) as YamlValue;
    } catch {
      if (text.startsWith('[') && text.endsWith(']')) {
        const inner = text.slice(1, -1).trim();
        return inner ? inner.split(',').map((s) => parseScalar(s.trim(), lineNo)) : [];
      }
      throw new FrontMatterError(`line ${lineNo}: malformed flow value '${text.slice(0, 40)}'`);
    }
  }
  return parseScalar(text, lineNo);
}

function parseScalar(text: string, lineNo: number): YamlValue {
  if (text.startsWith('"')) {
    const end = findClosingQuote(text);
    if (end < 0) throw new FrontMatterError(`line ${lineNo}: unterminated "quoted" string`);
    try {
      return JSON.parse(text.slice(0, end + 1)) as string;
    } catch {
      throw new FrontMatterError(`line ${lineNo}: bad escape in "quoted" string`);
    }
  }
  if (text.startsWith("'")) {
    const m = /^'((?:[^']|'')*)'/.exec(text);
    if (!m) throw new FrontMatterError(`line ${lineNo}: unterminated 'quoted' string`);
    return m[1]!.replace(/''/g, "'");
  }
  const plain = text.replace(/\s+#.*$/, '').trim();
  if (/^(true|yes|on)$/i.test(plain)) return true;
  if (/^(false|no|off)$/i.test(plain)) return false;
  if (/^(null|~)?$/i.test(plain)) return null;
  if (/^-?\d+(\.\d+)?$/.test(plain)) return Number(plain);
  return plain;
}

function findClosingQuote(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

function unquote(key: string): string {
  if ((key.startsWith('"') && key.endsWith('"')) || (key.startsWith("'") && key.endsWith("'"))) return key.slice(1, -1);
  return key;
}
