// One turn at a time per session across real processes: two `agent -m … -s s` on one home store their questions
// and answers in order (the second says it waits, naming the first's pid), six at once each print their own
// answer, and a holder killed with SIGKILL frees the chat at once.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/core/store/db';
import type { RecordedRequest } from '../../helpers/scripted-llm-server';
import { useCliHarness, type CliChild } from './cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });
const children: CliChild[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.child.kill('SIGKILL');
});

/** Waits (polling every 50 ms, at most `ms`) until `check` holds; returns whether it did. */
async function eventually(check: () => boolean, ms = 30_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/** The question of a request: its last user message's text. */
function questionOf(request: RecordedRequest): string {
  const users = (request.body.messages as { role: string; content: unknown }[]).filter((m) => m.role === 'user');
  const last = users.at(-1)?.content;
  return typeof last === 'string' ? last : JSON.stringify(last);
}

/** The stored messages of a session, in order, as `role: text`. */
function stored(home: string, sessionKey: string): string[] {
  const db = openDatabase(join(home, 'nanotray.db'));
  try {
    const rows = db.prepare('SELECT role, content FROM messages WHERE session_key = ? ORDER BY id').all(sessionKey) as { role: string; content: string }[];
    return rows.map((r) => `${r.role}: ${r.content}`);
  } finally {
    db.close();
  }
}

function start(args: string[]): CliChild {
  const child = t.start(args);
  children.push(child);
  return child;
}

describe('one turn at a time per session, across processes', () => {
  it('a second process waits for the first (naming its pid) and both are stored in order', async () => {
    const home = t.open();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    t.llm.setFallback((request) =>
      questionOf(request).includes('question A')
        ? { text: ['answer ', 'A'], holds: [{ afterChunks: 2, until: held }] }
        : { text: 'answer B' },
    );
    const a = start(['agent', '-m', 'question A', '-s', 'shared']);
    expect(await eventually(() => t.llm.requests.length === 1)).toBe(true);
    const b = start(['agent', '-m', 'question B', '-s', 'shared']);
    // B says it waits, and for whom, while A still streams: it sent nothing to the model.
    expect(await eventually(() => b.stderr().includes('waiting for the turn running in this chat'))).toBe(true);
    expect(b.stderr()).toContain(`(pid ${a.child.pid})`);
    expect(t.llm.requests).toHaveLength(1);
    release();
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
    expect(a.stdout()).toContain('answer A');
    expect(b.stdout()).toContain('answer B');
    expect(stored(home.home, 'cli:shared')).toEqual(['user: question A', 'assistant: answer A', 'user: question B', 'assistant: answer B']);
    // B's request carried A's whole exchange before its own question.
    const sent = t.llm.requests[1]!.body.messages.map((m: { role: string }) => m.role).filter((r: string) => r !== 'system');
    expect(sent).toEqual(['user', 'assistant', 'user']);
  }, 60_000);

  it('six processes at once: each prints its own answer and the chat holds six whole exchanges', async () => {
    const home = t.open();
    t.llm.setFallback((request) => {
      const n = /question (\d)/.exec(questionOf(request))?.[1] ?? '?';
      return { text: ['answer ', n], chunkDelayMs: 20 };
    });
    const runs = ['1', '2', '3', '4', '5', '6'].map((n) => ({ n, child: start(['agent', '-m', `question ${n}`, '-s', 'crowd']) }));
    for (const run of runs) expect({ code: await run.child.exited, err: run.child.stderr() }).toEqual({ code: 0, err: expect.any(String) });
    for (const run of runs) expect(run.child.stdout().trim()).toBe(`answer ${run.n}`);
    const rows = stored(home.home, 'cli:crowd');
    expect(rows).toHaveLength(12);
    for (let i = 0; i < rows.length; i += 2) {
      const n = /question (\d)/.exec(rows[i]!)?.[1];
      expect(rows[i + 1]).toBe(`assistant: answer ${n}`);
    }
  }, 90_000);

  it('a holder killed with SIGKILL frees the chat: the waiting process goes on', async () => {
    t.open();
    t.llm.setFallback((request) => (questionOf(request).includes('question A') ? { text: 'never', hang: true } : { text: 'answer B' }));
    const a = start(['agent', '-m', 'question A', '-s', 'killed']);
    expect(await eventually(() => t.llm.requests.length === 1)).toBe(true);
    const b = start(['agent', '-m', 'question B', '-s', 'killed']);
    expect(await eventually(() => b.stderr().includes('waiting for the turn'))).toBe(true);
    a.child.kill('SIGKILL');
    expect(await b.exited).toBe(0);
    expect(b.stdout()).toContain('answer B');
  }, 60_000);
});
