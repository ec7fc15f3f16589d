// Long-session figures for `npm run bench` (bundled by scripts/bench-session.mjs): a 10,000-message session's
// window read from SQLite with its stored token counts, the context build, the same in a new process (no
// tokenizer), and full-text search over 100,000 messages.
import { cpSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { ContextInput } from '../../src-main/core/context/context-port';
import { HistoryCache } from '../../src-main/core/context/history-cache';
import { defaultConfig } from '../../src-preload/contract/config-schema';
import { openDatabase, type Database } from '../../src-main/core/store/db';
import { appendMessages, type NewMessage } from '../../src-main/core/store/messages.repo';
import { searchMessages } from '../../src-main/core/store/message-search.repo';
import { ensureSession } from '../../src-main/core/store/sessions.repo';
import { WorkspaceContextBuilder } from '../../src-main/core/context/context-builder';
import { SystemPromptBuilder } from '../../src-main/core/context/system-prompt';
import { requestBudget } from '../../src-main/core/context/history-window';
import { loadTokenizer, tokenizerLoaded } from '../../src-main/core/context/token-estimate';

export const BIG = 'desktop:big';
export const SMALL = 'desktop:small';
const config = defaultConfig();
const model = { presetName: 'default', provider: 'p', model: 'm', contextWindowTokens: config.agent.contextWindowTokens, maxTokens: config.agent.maxTokens, temperature: 0, vision: false };
const budgetTokens = requestBudget(model.contextWindowTokens, model.maxTokens);

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** `n` messages in the shape of real use: a question, a tool call, its result, an answer. */
function sessionRows(key: string, n: number, offset = 0): NewMessage[] {
  const rows: NewMessage[] = [];
  for (let k = 0; k < n / 4; k++) {
    const i = k + offset;
    rows.push({ sessionKey: key, role: 'user', content: `Question ${i}: could you look at the notes for project ${i % 37} and tell me what changed since last week?`, createdAt: i });
    rows.push({ sessionKey: key, role: 'assistant', content: null, toolCalls: [{ id: `c${i}`, name: 'read_file', arguments: `{"path":"projects/p${i % 37}.md"}` }], createdAt: i });
    rows.push({ sessionKey: key, role: 'tool', content: `# Project ${i % 37}\n\n- status: in progress\n- owner: Ada\n- next step: review item ${i}\n`, toolCallId: `c${i}`, name: 'read_file', createdAt: i });
    rows.push({ sessionKey: key, role: 'assistant', content: `Since last week project ${i % 37} moved to review item ${i}; Ada still owns it and the status is in progress.`, createdAt: i });
  }
  return rows;
}

function input(key: string, history: ContextInput['history'], unread: number, workspace: string): ContextInput {
  return { sessionKey: key, channel: 'desktop', chatId: 'bench', history, unread, model, config, workspace, toolSpecs: [], now: Date.now() };
}

/** Copies the workspace template into `dir` and fills `dir/bench.db` with a 10,000- and a 1,000-message session. */
export function seedSessions(root: string, dir: string): void {
  cpSync(join(root, 'resources', 'workspace'), join(dir, 'workspace'), { recursive: true });
  const db = openDatabase(join(dir, 'bench.db'));
  try {
    ensureSession(db, BIG, 1);
    ensureSession(db, SMALL, 1);
    appendMessages(db, sessionRows(BIG, 10_000));
    appendMessages(db, sessionRows(SMALL, 1_000));
  } finally {
    db.close();
  }
}

/** One turn's context work as a session runner does it: read the window (a new cache: a new process), build. */
async function windowTurn(db: Database, dir: string, key: string, builder: WorkspaceContextBuilder) {
  const cache = new HistoryCache();
  const t0 = performance.now();
  const loaded = await cache.load(db, key, { afterId: 0, budgetTokens, maxMessages: config.agent.maxHistoryMessages });
  const t1 = performance.now();
  await builder.build(input(key, loaded.messages, loaded.unread, realpathSync(join(dir, 'workspace'))));
  const t2 = performance.now();
  cache.storeCounts(db, key);
  return { loadMs: t1 - t0, buildMs: t2 - t1, messages: loaded.messages.length, unread: loaded.unread, exact: builder.lastStats!.exact };
}

/** A builder as the core wires it: its skills' front matter cached in the home (bench dir) between processes. */
function newBuilder(db: Database, root: string, dir: string): WorkspaceContextBuilder {
  const prompt = new SystemPromptBuilder({ frontMatterCacheFile: join(dir, 'cache', 'front-matter.json') });
  return new WorkspaceContextBuilder({ db, builtinSkillsDir: join(root, 'skills'), env: process.env, prompt });
}

/** Fills session `key` of the database at `dbFile` (a home's nanotray.db; created when missing) with `n` messages. */
export function seedSession(dbFile: string, key: string, n: number): void {
  const db = openDatabase(dbFile);
  try {
    ensureSession(db, key, 1);
    appendMessages(db, sessionRows(key, n));
  } finally {
    db.close();
  }
}

/** This process's first turn of each session (the tokenizer counts what was never counted, and the counts are stored). */
export async function countOnce(root: string, dir: string): Promise<{ firstEverMs: number }> {
  const db = openDatabase(join(dir, 'bench.db'));
  try {
    const t0 = performance.now();
    await loadTokenizer();
    await windowTurn(db, dir, BIG, newBuilder(db, root, dir));
    const firstEverMs = performance.now() - t0;
    await windowTurn(db, dir, SMALL, newBuilder(db, root, dir));
    return { firstEverMs };
  } finally {
    db.close();
  }
}

/** A new process's first turn of `key` (run in a child process: the tokenizer is not loaded there). */
export async function coldTurn(root: string, dir: string, key: string) {
  const db = openDatabase(join(dir, 'bench.db'));
  try {
    const r = await windowTurn(db, dir, key, newBuilder(db, root, dir));
    return { ...r, tokenizerLoaded: tokenizerLoaded() };
  } finally {
    db.close();
  }
}

/** Builds repeated in one process (the desktop app's case: the window is cached, the counts known). */
export async function warmBuilds(root: string, dir: string, key: string, runs: number): Promise<number[]> {
  const db = openDatabase(join(dir, 'bench.db'));
  try {
    const builder = newBuilder(db, root, dir);
    const cache = new HistoryCache();
    const workspace = realpathSync(join(dir, 'workspace'));
    const times: number[] = [];
    for (let r = 0; r < runs; r++) {
      const loaded = await cache.load(db, key, { afterId: 0, budgetTokens, maxMessages: config.agent.maxHistoryMessages });
      const t0 = performance.now();
      await builder.build(input(key, loaded.messages, loaded.unread, workspace));
      times.push(performance.now() - t0);
    }
    return times;
  } finally {
    db.close();
  }
}

/** Median ms of a full-text search over 100,000 messages (a 3-word query, 20 hits). */
export function ftsSearch(runs: number): { medianMs: number; hits: number } {
  const db = openDatabase(':memory:');
  try {
    for (let s = 0; s < 10; s++) {
      const key = `desktop:fts-${s}`;
      ensureSession(db, key, 1);
      appendMessages(db, sessionRows(key, 10_000, s * 10_000));
    }
    const times: number[] = [];
    let hits = 0;
    const queries = ['project review Ada', 'notes changed week', 'status progress item'];
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      hits = searchMessages(db, queries[r % queries.length]!, 20).length;
      times.push(performance.now() - t0);
    }
    return { medianMs: median(times), hits };
  } finally {
    db.close();
  }
}
