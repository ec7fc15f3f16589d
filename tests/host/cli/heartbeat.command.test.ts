// `nanotray heartbeat run|status` in process, against a temp home and the scripted LLM server.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/host/cli/main';
import { startScriptedLlm, type ScriptedLlm } from '../../helpers/scripted-llm-server';
import { makeTempHome, testConfig, type TempHome } from '../../helpers/temp-home';
import { captureIo } from './cli-test-io';

let llm: ScriptedLlm;
let home: TempHome;

beforeAll(async () => {
  llm = await startScriptedLlm();
});
afterAll(async () => {
  await llm.close();
});
afterEach(() => home.cleanup());

const env = () => ({ NANOTRAY_HOME: home.home, PATH: process.env.PATH });

describe('nanotray heartbeat', () => {
  it('run with the bundled template: skipped with the reason, 0 tokens, no model request', async () => {
    home = makeTempHome(testConfig(llm.baseUrl, { heartbeat: { enable: true } }));
    const before = llm.requests.length;
    const io = captureIo(env());
    expect(await runCli(['heartbeat', 'run'], io)).toBe(0);
    expect(io.out()).toBe('heartbeat: skipped — no active tasks in HEARTBEAT.md (tokens used: 0)\n');
    expect(llm.requests.length).toBe(before);
  });

  it('run with a task: silent and notified outcomes with tokens used', async () => {
    home = makeTempHome(testConfig(llm.baseUrl, { heartbeat: { enable: true } }));
    writeFileSync(join(home.workspace, 'HEARTBEAT.md'), '## Active Tasks\n- check the mail\n');
    llm.enqueue({ text: 'HEARTBEAT_OK', usage: { prompt_tokens: 90, completion_tokens: 4 } });
    let io = captureIo(env());
    expect(await runCli(['heartbeat', 'run'], io)).toBe(0);
    expect(io.out()).toBe('heartbeat: silent — nothing to report (tokens used: 94)\n');

    llm.enqueue({ text: 'You have a letter from the bank.', usage: { prompt_tokens: 100, completion_tokens: 8 } });
    io = captureIo(env());
    expect(await runCli(['heartbeat', 'run'], io)).toBe(0);
    expect(io.out()).toBe('heartbeat: notified (tokens used: 108)\nYou have a letter from the bank.\n');
  });

  it('a failed run exits 1', async () => {
    home = makeTempHome(testConfig(llm.baseUrl, { heartbeat: { enable: true } }));
    writeFileSync(join(home.workspace, 'HEARTBEAT.md'), '## Active Tasks\n- check the mail\n');
    llm.enqueue({ status: 400, errorMessage: 'bad request from the test' });
    const io = captureIo(env());
    expect(await runCli(['heartbeat', 'run'], io)).toBe(1);
    expect(io.out()).toMatch(/^heartbeat: failed — .*bad request from the test.*\(tokens used: 0\)\n/);
  });

  it('status lists the last runs', async () => {
    home = makeTempHome(testConfig(llm.baseUrl, { heartbeat: { enable: true, intervalMinutes: 15 }, agent: { timezone: 'UTC' } }));
    await runCli(['heartbeat', 'run'], captureIo(env()));
    const io = captureIo(env());
    expect(await runCli(['heartbeat', 'status'], io)).toBe(0);
    const out = io.out();
    expect(out).toContain('Heartbeat: stopped (every 15 min)');
    expect(out).toContain('Next due: — (no timer in this process)');
    expect(out).toContain('Tokens today: 0 of 200000');
    expect(out).toMatch(/Last runs:\n {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}skipped +no active tasks in HEARTBEAT\.md {2}\(0 tokens, \d+ ms\)/);
  });

  it('an unknown action exits 2', async () => {
    home = makeTempHome(testConfig(llm.baseUrl));
    const io = captureIo(env());
    expect(await runCli(['heartbeat', 'explode'], io)).toBe(2);
    expect(io.err()).toBe("nanotray heartbeat: unknown action 'explode'. Use 'run' or 'status'.\n");
  });
});
