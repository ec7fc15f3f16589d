// Real `nanotray` processes stopped mid-answer: SIGTERM and SIGHUP (a closed terminal, `kill`) store the streamed
// part and the "stopped" end exactly as Ctrl+C (SIGINT) does, in one-shot and REPL runs; the daemon stops cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/core/store/db';
import { listMessages } from '../../../src-main/core/store/messages.repo';
import { startScriptedLlm, type ScriptedLlm } from '../../helpers/scripted-llm-server';
import { makeTempHome, testConfig, type TempHome } from '../../helpers/temp-home';

const ROOT = resolve(__dirname, '../../..');
const BIN = join(ROOT, 'bin', 'nanotray.mjs');
const CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

let llm: ScriptedLlm;
let home: TempHome | undefined;
const started: ChildProcess[] = [];
beforeAll(async () => {
  llm = await startScriptedLlm();
});
afterAll(async () => {
  await llm.close();
});
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  home?.cleanup();
  home = undefined;
});

interface Run {
  child: ChildProcess;
  output(): string;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function startCli(args: string[]): Run {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: home!.home, NANOTRAY_HOME: home!.home },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((r) => child.on('close', (code, signal) => r({ code, signal, stderr })));
  return { child, output: () => stdout + stderr, done };
}

/** Polls (bounded) until `check` holds. */
async function eventually(check: () => boolean, limitMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/** An answer that streams three pieces and then stalls (a slow model still writing). */
function enqueueStallingAnswer(): void {
  llm.enqueue({ text: ['Here is ', 'the part ', 'you read already', ' and never this'], stallAfterChunks: 4 });
}

function storedRows(sessionKey: string) {
  const db = openDatabase(join(home!.home, 'nanotray.db'));
  try {
    return listMessages(db, sessionKey);
  } finally {
    db.close();
  }
}

function expectStoredAsStopped(sessionKey: string): void {
  const rows = storedRows(sessionKey);
  const answer = rows.find((m) => m.role === 'assistant');
  expect(answer?.content).toBe('Here is the part you read already');
  const end = rows.at(-1)!;
  expect(end.role).toBe('system');
  expect((end.meta as { turnEnd?: { stopReason?: string } }).turnEnd?.stopReason).toBe('cancelled');
}

describe('a signal mid-answer stores what was shown, with the stopped end', () => {
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('agent -m, %s', async (signal) => {
    home = makeTempHome(testConfig(llm.baseUrl, 'auto'));
    enqueueStallingAnswer();
    const run = startCli(['agent', '-m', 'tell me']);
    expect(await eventually(() => run.output().includes('you read already'))).toBe(true);
    run.child.kill(signal);
    const result = await run.done;
    expect(result.code).toBe(CODES[signal]);
    expectStoredAsStopped('cli:default');
  });

  it.each(['SIGTERM', 'SIGHUP'] as const)('the REPL, %s: the turn is stored as stopped and the REPL ends', async (signal) => {
    home = makeTempHome(testConfig(llm.baseUrl, 'auto'));
    enqueueStallingAnswer();
    const run = startCli(['agent', '-s', 'repl']);
    run.child.stdin!.write('tell me\n');
    expect(await eventually(() => run.output().includes('you read already'))).toBe(true);
    run.child.kill(signal);
    const result = await run.done;
    expect(result.code).toBe(CODES[signal]);
    expectStoredAsStopped('cli:repl');
  });
});

describe('the daemon', () => {
  it('stops cleanly on SIGHUP (a closed terminal), as on SIGTERM', async () => {
    home = makeTempHome(testConfig(llm.baseUrl, 'auto'));
    const run = startCli(['daemon']);
    expect(await eventually(() => run.output().includes('Ctrl-C to stop'))).toBe(true);
    run.child.kill('SIGHUP');
    const result = await run.done;
    expect(result.stderr).toContain('nanotray daemon: stopped (SIGHUP).');
    expect(result.code).toBe(0);
  });
});
