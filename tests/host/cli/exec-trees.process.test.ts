// A real `nanotray agent -m` process (bin/nanotray.mjs, the esbuild bundle): SIGTERM or SIGHUP while exec runs
// ends the whole exec tree; and the bundle loads the bash grammar (a rule given in the workspace covers git).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/core/store/db';
import { isProcessAlive } from '../../../src-main/core/tools/exec/process-tree';
import { addApprovalRule } from '../../../src-main/core/store/approval-rules.repo';
import { startScriptedLlm, type ScriptedLlm } from '../../helpers/scripted-llm-server';
import { makeTempHome, testConfig, type TempHome } from '../../helpers/temp-home';

const ROOT = resolve(__dirname, '../../..');
const BIN = join(ROOT, 'bin', 'nanotray.mjs');

let llm: ScriptedLlm;
let home: TempHome;
const started: ChildProcess[] = [];

beforeAll(async () => {
  llm = await startScriptedLlm();
});
afterAll(async () => {
  await llm.close();
});
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  home?.cleanup();
});

function startCli(message: string): { child: ChildProcess; done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> } {
  const child = spawn(process.execPath, [BIN, 'agent', '-m', message], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: home.home, NANOTRAY_HOME: home.home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let stderr = '';
  child.stdout!.resume();
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((r) =>
    child.on('close', (code, signal) => r({ code, signal, stderr })),
  );
  return { child, done };
}

/** Polls (bounded) until `check` holds; returns whether it did. */
async function eventually(check: () => boolean, limitMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe('signals end the CLI and its exec trees', () => {
  it.each(['SIGTERM', 'SIGHUP'] as const)('%s kills the shell and the process it started in the background', async (signal) => {
    home = makeTempHome(testConfig(llm.baseUrl, 'auto', { tools: { exec: { sandbox: 'off' } } }));
    // each pid file appears by rename, complete: \`echo $$ > shell.pid\` creates the file before it writes the number,
    // and a poll between the two read an empty file (pid 0, "not alive") on a loaded machine
    const command = 'sleep 300 & echo $! > child.tmp; echo $$ > shell.tmp; mv child.tmp child.pid; mv shell.tmp shell.pid; wait';
    // only the tool call is queued: the turn never gets to a second model call
    llm.enqueue({ toolCalls: [{ id: 'long', name: 'exec', arguments: { command, timeout: 600 } }] });
    const { child, done } = startCli('run the long job');
    const shellPidFile = join(home.workspace, 'shell.pid');
    const childPidFile = join(home.workspace, 'child.pid');
    expect(await eventually(() => existsSync(shellPidFile) && existsSync(childPidFile))).toBe(true);
    const pids = [shellPidFile, childPidFile].map((f) => Number(readFileSync(f, 'utf8').trim()));
    for (const pid of pids) expect(pid).toBeGreaterThan(1);
    for (const pid of pids) expect(isProcessAlive(pid)).toBe(true);

    child.kill(signal);
    const result = await done;
    expect(result.code ?? 0).not.toBe(0);
    expect(await eventually(() => pids.every((pid) => !isProcessAlive(pid)))).toBe(true);
  });
});

describe('the CLI bundle reads commands on the bash grammar', () => {
  it('runs a command a rule covers, and refuses one the rule does not', async () => {
    home = makeTempHome(testConfig(llm.baseUrl, 'ask'));
    const db = openDatabase(join(home.home, 'nanotray.db'));
    addApprovalRule(db, { tool: 'exec', kind: 'prefix', pattern: 'git', cwd: realpathSync(home.workspace) }, Date.now());
    db.close();
    llm.enqueue(
      {
        toolCalls: [
          { id: 'ok', name: 'exec', arguments: { command: 'git --version' } },
          { id: 'bad', name: 'exec', arguments: { command: "git -c core.pager='touch pwned' log" } },
        ],
      },
      { text: 'done' },
    );
    const before = llm.requests.length;
    const { done } = startCli('check git');
    expect((await done).code).toBe(0);
    const messages = llm.requests[before + 1]!.body.messages.filter((m: any) => m.role === 'tool');
    const byId = Object.fromEntries(messages.map((m: any) => [m.tool_call_id, String(m.content)]));
    expect(byId.ok).toMatch(/^git version \d/);
    expect(byId.bad).toContain('No rule covers it: The option git -c makes the program run other code.');
    expect(existsSync(join(home.workspace, 'pwned'))).toBe(false);
  });
});
