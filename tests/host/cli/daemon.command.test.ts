// `nanotray daemon` spawned for real: runs cron jobs (late `at` once, `every` on time), prints notifications, stops on SIGTERM.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/host/cli/main';
import { startScriptedLlm, type ScriptedLlm } from '../../helpers/scripted-llm-server';
import { makeTempHome, testConfig, type TempHome } from '../../helpers/temp-home';
import { captureIo } from './cli-test-io';

const ROOT = resolve(__dirname, '../../..');
const BIN = join(ROOT, 'bin', 'nanotray.mjs');

let llm: ScriptedLlm;
let home: TempHome;

beforeAll(async () => {
  llm = await startScriptedLlm();
});
afterAll(async () => {
  await llm.close();
});
afterEach(() => {
  home.cleanup();
  llm.setFallback(undefined);
});

describe('nanotray daemon', () => {
  it('runs jobs, prints each notification, and exits 0 on SIGTERM without node-cron noise', async () => {
    home = makeTempHome(testConfig(llm.baseUrl, { agent: { timezone: 'UTC' } }));
    const env = { NANOTRAY_HOME: home.home, PATH: process.env.PATH, HOME: home.home };
    llm.setFallback((request) => {
      const text = JSON.stringify(request.body.messages.at(-1));
      return { text: text.includes('pay the rent') ? 'Rent reminder sent.' : 'pong' };
    });
    const late = captureIo(env);
    expect(await runCli(['cron', 'add', '--message', 'pay the rent', '--at', '2020-01-01T09:00:00', '--name', 'rent'], late)).toBe(0);
    expect(await runCli(['cron', 'add', '--message', 'ping', '--every-seconds', '1'], captureIo(env))).toBe(0);

    const child = spawn(process.execPath, [BIN, 'daemon'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    const deadline = Date.now() + 15_000;
    while ((stdout.match(/\[cron\] ping: pong/g) ?? []).length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const lines = stdout.trim().split('\n');
    expect(lines.filter((l) => l.includes('[cron] rent (late): Rent reminder sent.'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('[cron] ping: pong')).length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \[cron\] /);
    expect(stderr).toContain('nanotray daemon: running (heartbeat disabled; 2 cron job(s)). Ctrl-C to stop.');
    expect(stderr).toContain('nanotray daemon: stopped (SIGTERM).');
    expect(stderr).not.toMatch(/NODE-CRON/i);

    // The late `at` job ran once and is gone; the recurring one stays.
    const list = captureIo(env);
    await runCli(['cron', 'list'], list);
    expect(list.out()).toMatch(/^Scheduled jobs:\n- ping \(id: \w+, every 1s, session: cli:default, last: ok\)\n$/);
  }, 30_000);
});
