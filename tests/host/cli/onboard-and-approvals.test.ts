// `nanotray onboard` through the CLI, and what --yes changes for tools that need approval.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliHarness } from './cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });

describe('nanotray onboard', () => {
  it('creates config, database and workspace files, and keeps them on a second run', async () => {
    const home = t.openBare();
    const first = await t.run(['onboard']);
    expect(first.code).toBe(0);
    expect(first.out).toContain(`Config:    ${home.configFile} (created)`);
    expect(existsSync(join(home.home, 'nanotray.db'))).toBe(true);
    expect(existsSync(join(home.workspace, 'AGENTS.md'))).toBe(true);
    writeFileSync(join(home.workspace, 'AGENTS.md'), 'mine');
    const again = await t.run(['onboard']);
    expect(again.code).toBe(0);
    expect(again.out).toContain(`Config:    ${home.configFile} (kept)`);
    expect(again.out).toContain('all files already present (kept)');
    expect(readFileSync(join(home.workspace, 'AGENTS.md'), 'utf8')).toBe('mine');
  });

  it('reports an invalid config.json and leaves it untouched', async () => {
    const home = t.openBare();
    writeFileSync(home.configFile, '{"agent": {"maxIterations": "lots"}}');
    const io = await t.run(['onboard']);
    expect(io.code).toBe(1);
    expect(io.err).toMatch(/^nanotray onboard: Invalid config in .*config\.json: agent\.maxIterations: /);
    expect(readFileSync(home.configFile, 'utf8')).toBe('{"agent": {"maxIterations": "lots"}}');
  });
});

describe('nanotray agent approvals', () => {
  const writeStep = () => ({ toolCalls: [{ name: 'write_file', arguments: { path: 'note.md', content: 'hi' }, id: 'call_w' }] });

  it('without a terminal and without --yes a write tool is refused as a value and the turn goes on', async () => {
    const home = t.open({ tools: { approval: { mode: 'ask' } } });
    t.llm.enqueue(writeStep(), { text: 'I could not write it.' });
    const io = await t.run(['agent', '-m', 'write a note']);
    expect(io.code).toBe(0);
    expect(io.out).toBe('I could not write it.\n');
    expect(io.err).toContain("✗ write_file: Error: write_file needs the user's approval");
    expect(existsSync(join(home.workspace, 'note.md'))).toBe(false);
  });

  it('--yes allows tool calls for this run', async () => {
    const home = t.open({ tools: { approval: { mode: 'ask' } } });
    t.llm.enqueue(writeStep(), { text: 'Written.' });
    const io = await t.run(['agent', '-m', 'write a note', '--yes']);
    expect(io.code).toBe(0);
    expect(io.out).toBe('Written.\n');
    expect(io.err).toMatch(/✓ write_file \(\d+ ms\)/);
    expect(readFileSync(join(home.workspace, 'note.md'), 'utf8')).toBe('hi');
  });
});
