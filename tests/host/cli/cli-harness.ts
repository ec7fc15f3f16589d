// The one harness for CLI tests: a scripted model server per file, a temp home per test (removed after it),
// and the CLI run in process (captured streams, plain or on a fake terminal) or spawned through bin/nanotray.mjs.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach } from 'vitest';
import type { CliIo } from '../../../src-main/host/cli/cli-command';
import { runCli } from '../../../src-main/host/cli/main';
import type { ScriptedLlm } from '../../helpers/scripted-llm-server';
import { useScriptedLlm } from '../../helpers/use-scripted-llm';
import { makeTempHome, testConfig, type ApprovalMode, type TempHome } from '../../helpers/temp-home';

export const ROOT = resolve(__dirname, '../../..');
export const BIN = join(ROOT, 'bin', 'nanotray.mjs');

/** A CliIo whose output is kept as text. */
export interface CapturedIo extends CliIo {
  /** What the test writes to (or ends) as the user's input. */
  readonly stdin: PassThrough;
  out(): string;
  err(): string;
}

/** What one CLI run left behind. */
export interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

/** Streams for an in-process run with nothing on stdin (`isTty` false unless asked). */
export function captureIo(env: NodeJS.ProcessEnv, isTty = false): CapturedIo {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  return { stdout, stderr, stdin: new PassThrough(), env, isTty, out: () => out, err: () => err };
}

/** The question the CLI asks on a terminal before a tool that needs approval. */
export const APPROVAL_QUESTION = 'Allow? [y]es / [n]o / [a]lways: ';

/** How both forms of the question begin (without `[a]lways` when "always allow" is not offered). */
const QUESTION_START = 'Allow? [y]es / [n]o';

/** A terminal whose user types the next of `answers` each time the approval question appears. */
export function ttyIo(env: NodeJS.ProcessEnv, answers: string[]): CapturedIo {
  const io = captureIo(env, true);
  io.stderr.on('data', (d) => {
    if (String(d).includes(QUESTION_START)) io.stdin.write(`${answers.shift() ?? ''}\n`);
  });
  return io;
}

/** A spawned `nanotray` process: its output so far, and its exit. */
export interface CliChild {
  readonly child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
}

export interface CliHarness {
  /** The file's scripted OpenAI-compatible server (requests and fallback reset after each test). */
  readonly llm: ScriptedLlm;
  /** The current test's home. */
  readonly home: TempHome;
  /** A new temp home whose config points at the scripted server (`testConfig` + `extra`). */
  open(extra?: Record<string, unknown>): TempHome;
  /** A new temp home with exactly `config` (none: no config.json, so no provider). */
  openBare(config?: unknown): TempHome;
  /** The environment the CLI gets: NANOTRAY_HOME and HOME are the test's home; PATH as ours; plus `extra`. */
  env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /** Runs `nanotray <args>` in this process with captured streams (or the given `io`). */
  run(args: string[], io?: CapturedIo): Promise<CliRun>;
  /** Runs `nanotray <args>` on a fake terminal that answers approval questions with `answers`. */
  runOnTty(args: string[], answers: string[]): Promise<CliRun>;
  /** Spawns bin/nanotray.mjs with `args` and waits for it to exit. */
  spawn(args: string[], extraEnv?: NodeJS.ProcessEnv): Promise<CliRun>;
  /** Spawns bin/nanotray.mjs with `args` and returns at once (for long-running commands such as daemon). */
  start(args: string[], extraEnv?: NodeJS.ProcessEnv): CliChild;
}

function startChild(args: string[], env: NodeJS.ProcessEnv): CliChild {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolveExit, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolveExit(code));
  });
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Registers the hooks; call once at the top of a CLI test file, with the file's approval mode (`open` may override it). */
export function useCliHarness(setup: { approvalMode: ApprovalMode }): CliHarness {
  const server = useScriptedLlm();
  let home: TempHome | undefined;
  afterEach(() => {
    home?.cleanup();
    home = undefined;
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`no ${what}: call open() or openBare() in the test first`);
    return value;
  };
  const harness: CliHarness = {
    get llm() {
      return need(server(), 'scripted server');
    },
    get home() {
      return need(home, 'home');
    },
    open(extra = {}) {
      home = makeTempHome(testConfig(need(server(), 'scripted server').baseUrl, setup.approvalMode, extra));
      return home;
    },
    openBare(config) {
      home = makeTempHome(config);
      return home;
    },
    env(extra = {}) {
      const dir = need(home, 'home').home;
      return { NANOTRAY_HOME: dir, HOME: dir, PATH: process.env.PATH, ...extra };
    },
    async run(args, io = captureIo(harness.env())) {
      const code = await runCli(args, io);
      return { code, out: io.out(), err: io.err() };
    },
    runOnTty(args, answers) {
      return harness.run(args, ttyIo(harness.env(), answers));
    },
    async spawn(args, extraEnv = {}) {
      const started = startChild(args, harness.env(extraEnv));
      const code = await started.exited;
      return { code, out: started.stdout(), err: started.stderr() };
    },
    start(args, extraEnv = {}) {
      return startChild(args, harness.env(extraEnv));
    },
  };
  return harness;
}
