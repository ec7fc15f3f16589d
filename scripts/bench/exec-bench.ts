// Exec figures, bundled like the CLI: loading the bash grammar, analysing a command, and what the OS sandbox adds
// to running one (bwrap around `sh -c true` against the bare shell).
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configSchema } from '../../src-preload/contract/config-schema';
import { analyzeCommand } from '../../src-main/core/tools/shell-grammar/command-analysis';
import { preloadBashParser } from '../../src-main/core/tools/shell-grammar/bash-parser';
import { systemSandbox } from '../../src-main/core/tools/os-sandbox/exec-sandbox';
import { runProcessTree, userShell } from '../../src-main/core/tools/exec/process-tree';

export interface ExecBenchFigures {
  grammarLoadMs: number;
  analyzeMedianMs: number;
  sandbox: string;
  bareExecMedianMs: number;
  sandboxedExecMedianMs: number;
}

const COMMANDS = [
  'git status && git diff --stat | head -20; ls -la',
  "git log -1 $'\\'' ;touch x; echo '#'",
  "git -c core.fsmonitor='touch x' status",
  'cat <<EOF\n$(id)\nEOF',
  'npm test -- --watch=false > out.txt 2>&1',
];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timeExec(shell: ReturnType<typeof userShell>, cwd: string): Promise<number> {
  const started = performance.now();
  await runProcessTree({ shell, cwd, env: { PATH: '/usr/bin:/bin' }, timeoutMs: 10_000 });
  return performance.now() - started;
}

export async function runExecBench(runs: number): Promise<ExecBenchFigures> {
  const loadStarted = performance.now();
  const loaded = await preloadBashParser();
  if (!loaded.ok) throw new Error(loaded.error);
  const grammarLoadMs = performance.now() - loadStarted;
  const ws = realpathSync(mkdtempSync(join(tmpdir(), 'nanotray-bench-exec-')));
  try {
    const analyses: number[] = [];
    for (let i = 0; i < runs * COMMANDS.length; i++) {
      const started = performance.now();
      await analyzeCommand(COMMANDS[i % COMMANDS.length]!, { cwd: ws, workspace: ws });
      analyses.push(performance.now() - started);
    }
    const exec = configSchema.parse({}).tools.exec;
    const state = await systemSandbox.state(exec);
    const shell = userShell('true', { SHELL: '/bin/sh' });
    const bare: number[] = [];
    const sandboxed: number[] = [];
    for (let i = 0; i < runs; i++) {
      bare.push(await timeExec(shell, ws));
      if (state.status === 'on') {
        const wrapped = systemSandbox.wrap(shell, { workspace: ws, cwd: ws, nanotrayHome: '', userHome: tmpdir() });
        sandboxed.push(await timeExec(wrapped, ws));
      }
    }
    return {
      grammarLoadMs,
      analyzeMedianMs: median(analyses),
      sandbox: state.status === 'on' ? state.kind : state.status,
      bareExecMedianMs: median(bare),
      sandboxedExecMedianMs: sandboxed.length ? median(sandboxed) : Number.NaN,
    };
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
}
