// `nanotray agent -m` on a (fake) terminal: a write tool call is asked on the TTY; y runs it, n denies it, a remembers.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/core/store/db';
import { useCliHarness } from './cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });

function writeCall(id: string) {
  return { toolCalls: [{ name: 'write_file', arguments: { path: 'note.md', content: 'hi' }, id }] };
}

describe('nanotray agent on a terminal', () => {
  it('asks before write_file and runs it on y', async () => {
    const home = t.open({ tools: { approval: { mode: 'ask' } } });
    t.llm.enqueue(writeCall('call_w1'), { text: ['Done.'] });
    const io = await t.runOnTty(['agent', '-m', 'write a note'], ['y']);
    expect(io.code).toBe(0);
    expect(io.err).toContain('⚠ Approval needed: write_file (write)');
    expect(io.err).toContain('    content: hi\n');
    expect(readFileSync(join(home.workspace, 'note.md'), 'utf8')).toBe('hi');
    expect(io.out).toBe('Done.\n');
  });

  it('denies on n, and the model receives "Error: the user denied write_file"', async () => {
    const home = t.open({ tools: { approval: { mode: 'ask' } } });
    t.llm.enqueue(writeCall('call_w2'), { text: ['Understood.'] });
    const before = t.llm.requests.length;
    expect((await t.runOnTty(['agent', '-m', 'write a note'], ['n'])).code).toBe(0);
    expect(existsSync(join(home.workspace, 'note.md'))).toBe(false);
    const second = t.llm.requests[before + 1]!;
    expect(JSON.stringify(second.body)).toContain('Error: the user denied write_file');
  });

  it('remembers a, so the next call is not asked', async () => {
    const home = t.open({ tools: { approval: { mode: 'ask' } } });
    t.llm.enqueue(writeCall('call_w3'), { text: ['One.'] });
    expect((await t.runOnTty(['agent', '-m', 'write', '--session', 'keep'], ['a'])).code).toBe(0);
    t.llm.enqueue(writeCall('call_w4'), { text: ['Two.'] });
    const again = await t.runOnTty(['agent', '-m', 'write again', '--session', 'keep'], []);
    expect(again.code).toBe(0);
    expect(again.err).not.toContain('Approval needed');
    expect(again.out).toBe('Two.\n');
    const db = openDatabase(join(home.home, 'nanotray.db'));
    try {
      expect(db.prepare('SELECT tool, kind FROM approval_rules').all()).toEqual([{ tool: 'write_file', kind: 'tool' }]);
    } finally {
      db.close();
    }
  });
});
