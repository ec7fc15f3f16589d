// `nanotray mcp import`: lists the MCP servers Claude Desktop, Cursor and VS Code have configured (what each would run,
// where it came from, which names are taken), asks which to add and the values they need (tokens without echo),
// and adds them untrusted, sandboxed where the sandbox works.
import { homedir } from 'node:os';
import type { ImportCandidate, ImportChoice, ImportScan } from '../../../../src-preload/contract/mcp-import-schemas';
import type { Core } from '../../../core/nanotray-core';
import { flagString, write, type CliIo, type ParsedArgs } from '../cli-command';
import { canReadTyped, readTyped } from '../tty-hidden-line';
import { openQuestions } from '../tty-question';

const CLIENT_LABEL: Record<ImportCandidate['client'], string> = { 'claude-desktop': 'Claude Desktop', cursor: 'Cursor', vscode: 'VS Code' };

/** Asks one line; `hidden` ones are not echoed on a terminal. */
export type CliAsk = (question: string, hidden: boolean) => Promise<string | null>;

/** The asker of this run (raw terminal reads where stdin is one, else lines of stdin) and its disposer. */
export function openCliAsk(io: CliIo): { ask: CliAsk; close(): void } {
  if (canReadTyped(io)) return { ask: (q, hidden) => readTyped(io, q, !hidden), close: () => {} };
  const questions = openQuestions(io);
  const never = new AbortController().signal;
  return { ask: (q) => questions.ask(q, never), close: () => questions.close() };
}

/** `/home/me/x` → `~/x`. */
export function shortPath(path: string, home: string = homedir()): string {
  return home && path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

/** A word of a command line as the user would type it: quoted when it has spaces or quotes. */
export function shownWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : JSON.stringify(word);
}

function describe(c: ImportCandidate, n: number, sandbox: boolean, home: string): string[] {
  const from = `${CLIENT_LABEL[c.client]}${c.scope === 'workspace' ? ' (workspace)' : ''}, ${shortPath(c.file, home)}`;
  const runs = c.command ? [c.command, ...(c.args ?? [])].map(shownWord).join(' ') : `${c.transport === 'sse' ? 'SSE' : 'HTTP'} ${c.url}`;
  const lines = [`  ${n}. ${c.name}  (${from})`, `       runs: ${runs}${c.command ? (sandbox ? '  [in the OS sandbox]' : '  [NOT sandboxed: no sandbox works here]') : ''}`];
  if (c.envKeys.length) lines.push(`       env: ${c.envKeys.join(', ')} (values not shown)`);
  if (c.headerKeys.length) lines.push(`       headers: ${c.headerKeys.join(', ')} (values not shown)`);
  if (c.exists) lines.push(`       a server '${c.name}' exists here: it would be added as '${c.suggestedName}'`);
  else if (c.suggestedName !== c.name) lines.push(`       would be added as '${c.suggestedName}'`);
  if (c.needs.length) lines.push(`       needs: ${c.needs.map((v) => v.description).join('; ')} (asked when chosen)`);
  if (c.unsupported) lines.push(`       cannot be added: ${c.unsupported}`);
  return lines;
}

/** The whole listing, numbered from 1 in `scan.candidates` order. */
export function formatImportScan(scan: ImportScan, home: string = homedir()): string {
  const lines: string[] = [];
  if (scan.candidates.length) {
    lines.push('MCP servers configured in other apps:');
    scan.candidates.forEach((c, i) => lines.push(...describe(c, i + 1, scan.sandbox, home)));
  } else {
    lines.push(`No MCP servers found in: ${scan.searched.map((p) => shortPath(p, home)).join(', ')}`);
  }
  for (const e of scan.errors) lines.push(`Could not read ${CLIENT_LABEL[e.client]}'s ${shortPath(e.file, home)}: ${e.message}`);
  if (scan.candidates.length) lines.push('Servers are added untrusted: every call of their tools is asked for until you allow it.');
  return lines.join('\n');
}

/** `1,3`, `2-4`, `all` → indexes into `count` candidates; undefined when a part is no number in range. */
export function parsePicks(text: string, count: number): number[] | undefined {
  const t = text.trim().toLowerCase();
  if (!t) return [];
  if (t === 'all' || t === 'a') return [...Array(count).keys()];
  const picked = new Set<number>();
  for (const part of t.split(/[\s,]+/).filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) return undefined;
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    if (from < 1 || to > count || from > to) return undefined;
    for (let i = from; i <= to; i++) picked.add(i - 1);
  }
  return [...picked].sort((a, b) => a - b);
}

/** Asks the values a chosen server needs; null when the user stopped. */
async function answersFor(c: ImportCandidate, ask: CliAsk): Promise<Record<string, string> | null> {
  const values: Record<string, string> = {};
  for (const need of c.needs) {
    const answer = await ask(`  ${c.name}: ${need.description}${need.password ? ' (not shown)' : ''}: `, need.password);
    if (answer === null || answer === '') return null;
    values[need.id] = answer;
  }
  return values;
}

export async function runMcpImport(core: Core, io: CliIo, parsed: ParsedArgs): Promise<number> {
  const workspace = flagString(parsed, 'workspace') ?? process.cwd();
  const home = (io.env.HOME ?? '') || homedir();
  const scan = await core.mcpImport.scan({ workspace });
  write(io.stdout, formatImportScan(scan, home));
  const offered = scan.candidates;
  if (!offered.length) return scan.errors.length ? 1 : 0;
  const pickFlag = parsed.flags.get('all') === true ? 'all' : flagString(parsed, 'pick');
  if (pickFlag === undefined && !io.isTty) {
    write(io.stderr, 'Nothing added: choose with --pick 1,3 (or --all), or run this on a terminal.');
    return 0;
  }
  const asker = openCliAsk(io);
  try {
    const picksText = pickFlag ?? (await asker.ask('Add which? Numbers (e.g. 1,3), "all", or Enter for none: ', false)) ?? '';
    const picks = parsePicks(picksText, offered.length);
    if (!picks) {
      write(io.stderr, `nanotray mcp import: "${picksText}" is not a list of numbers from 1 to ${offered.length}`);
      return 2;
    }
    const choices: ImportChoice[] = [];
    for (const i of picks) {
      const c = offered[i]!;
      if (c.unsupported) {
        write(io.stderr, `Skipped ${c.name}: ${c.unsupported}.`);
        continue;
      }
      const values = c.needs.length && io.isTty ? await answersFor(c, asker.ask) : {};
      if (values === null || (c.needs.length && !io.isTty)) {
        write(io.stderr, `Skipped ${c.name}: it needs ${c.needs.map((v) => v.description).join('; ')}.`);
        continue;
      }
      choices.push({ id: c.id, name: c.suggestedName, values });
    }
    if (!choices.length) {
      write(io.stdout, 'Nothing added.');
      return 0;
    }
    const outcomes = await core.mcpImport.add(choices, { workspace });
    for (const o of outcomes) {
      write(io.stdout, o.added ? `Added '${o.name}' (untrusted${o.sandboxed ? ', sandboxed' : ''}): ${o.message}.` : `Not added '${o.name}': ${o.message}`);
    }
    return outcomes.every((o) => o.added) ? 0 : 1;
  } finally {
    asker.close();
  }
}
