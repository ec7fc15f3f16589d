// kill -9 of a real `nanotray agent` process while the second tool call of one model reply runs: the first
// call's result is already stored, and the next turn sends a valid history (every call answered).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MISSING_TOOL_RESULT } from '../../src-main/core/context/stored-history';
import { useCliHarness } from '../host/cli/cli-harness';

/** An argument no other process on the machine has: how the orphaned `sleep` is found afterwards. */
const SLEEP = `sleep 29.${process.pid}`;
const t = useCliHarness({ approvalMode: 'auto' });
afterEach(killOrphans);

/** The exec child outlives the killed CLI (its own process group): end it by pid. */
function killOrphans(): void {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').includes(SLEEP)) process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a crash mid-round', () => {
  it('keeps the finished call, and the next turn answers the interrupted one', async () => {
    const home = t.open();
    writeFileSync(join(home.workspace, 'notes.txt'), 'first call finished\n');
    t.llm.enqueue({
      toolCalls: [
        { id: 'call_read', name: 'read_file', arguments: { path: 'notes.txt' } },
        { id: 'call_slow', name: 'exec', arguments: { command: `echo running > running.txt; ${SLEEP}` } },
      ],
    });
    const first = t.start(['agent', '-m', 'read the notes, then wait', '--session', 'crash']);
    await until(() => existsSync(join(home.workspace, 'running.txt')), 'the second call to start');
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    expect(first.child.signalCode).toBe('SIGKILL');

    t.llm.enqueue({ text: 'Picking up where we left off.' });
    const second = await t.spawn(['agent', '-m', 'go on', '--session', 'crash']);
    expect(second.code).toBe(0);
    expect(second.out).toBe('Picking up where we left off.\n');

    const messages = (t.llm.requests[1]!.body as { messages: Array<Record<string, any>> }).messages.filter((m) => m.role !== 'system');
    const tail = messages.slice(-5).map((m) => ({ role: m.role, tool_call_id: m.tool_call_id, calls: m.tool_calls?.map((c: any) => c.id), content: m.content }));
    expect(tail).toEqual([
      { role: 'user', tool_call_id: undefined, calls: undefined, content: expect.stringContaining('read the notes, then wait') },
      { role: 'assistant', tool_call_id: undefined, calls: ['call_read', 'call_slow'], content: null },
      { role: 'tool', tool_call_id: 'call_read', calls: undefined, content: expect.stringContaining('1| first call finished') },
      { role: 'tool', tool_call_id: 'call_slow', calls: undefined, content: MISSING_TOOL_RESULT },
      { role: 'user', tool_call_id: undefined, calls: undefined, content: expect.stringContaining('go on') },
    ]);
  });
});
