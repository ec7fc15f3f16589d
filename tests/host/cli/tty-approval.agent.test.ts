// `nanotray agent -m` on a (fake) terminal: a write tool call is asked on the TTY; y runs it, n denies it, a remembers.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/host/cli/main';
import type { CliIo } from '../../../src-main/host/cli/cli-command';
import { openDatabase } from '../../../src-main/core/store/db';
import { startScriptedLlm, type ScriptedLlm } from '../../helpers/scripted-llm-server';
import { makeTempHome, testConfig, type TempHome } from '../../helpers/temp-home';

let llm: ScriptedLlm;
let home: TempHome;
beforeAll(async () => {
  llm = await startScriptedLlm();
});
afterAll(async () => {
  await llm.close();
});
afterEach(() => home?.cleanup());

/** A terminal whose user types `answers` once the approval question appears. */
function ttyIo(answers: string[]): CliIo & { err(): string; out(): string } {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => {
    err += d;
    if (String(d).includes('Allow? [y]es / [n]o / [a]lways: ')) stdin.write(`${answers.shift() ?? ''}\n`);
  });
  return { stdin, stdout, stderr, env: { NANOTRAY_HOME: home.home }, isTty: true, err: () => err, out: () => out };
}

function writeCall(id: string) {
  return { toolCalls: [{ name: 'write_file', arguments: { path: 'note.md', content: 'hi' }, id }] };
}

describe('nanotray agent on a terminal', () => {
  it('asks before write_file and runs it on y', async () => {
    home = makeTempHome(testConfig(llm.baseUrl, { tools: { approval: { mode: 'ask' } } }));
    llm.enqueue(writeCall('call_w1'), { text: ['Done.'] });
    const io = ttyIo(['y']);
    expect(await runCli(['agent', '-m', 'write a note'], io)).toBe(0);
    expect(io.err()).toContain('⚠ Approval needed: write_file (write)');
    expect(io.err()).toContain('"content": "hi"');
    expect(readFileSync(join(home.workspace, 'note.md'), 'utf8')).toBe('hi');
    expect(io.out()).toBe('Done.\n');
  });

  it('denies on n, and the model receives "Error: the user denied write_file"', async () => {
    home = makeTempHome(testConfig(llm.baseUrl, { tools: { approval: { mode: 'ask' } } }));
    llm.enqueue(writeCall('call_w2'), { text: ['Understood.'] });
    const before = llm.requests.length;
    const io = ttyIo(['n']);
    expect(await runCli(['agent', '-m', 'write a note'], io)).toBe(0);
    expect(existsSync(join(home.workspace, 'note.md'))).toBe(false);
    const second = llm.requests[before + 1]!;
    expect(JSON.stringify(second.body)).toContain('Error: the user denied write_file');
  });

  it('remembers a, so the next call is not asked', async () => {
    home = makeTempHome(testConfig(llm.baseUrl, { tools: { approval: { mode: 'ask' } } }));
    llm.enqueue(writeCall('call_w3'), { text: ['One.'] });
    const io = ttyIo(['a']);
    expect(await runCli(['agent', '-m', 'write', '--session', 'keep'], io)).toBe(0);
    llm.enqueue(writeCall('call_w4'), { text: ['Two.'] });
    const again = ttyIo([]);
    expect(await runCli(['agent', '-m', 'write again', '--session', 'keep'], again)).toBe(0);
    expect(again.err()).not.toContain('Approval needed');
    expect(again.out()).toBe('Two.\n');
    const db = openDatabase(join(home.home, 'nanotray.db'));
    try {
      expect(db.prepare('SELECT tool, kind FROM approval_rules').all()).toEqual([{ tool: 'write_file', kind: 'tool' }]);
    } finally {
      db.close();
    }
  });
});
