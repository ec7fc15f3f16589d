// Runs client scenarios of @modelcontextprotocol/conformance against the bundled conformance client: one
// runner process per scenario, inside a network namespace with only loopback where bubblewrap is available.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const RUNNER = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const SHIM = join(__dirname, 'runner-shim.mjs');
const BWRAP = '/usr/bin/bwrap';

export interface ScenarioOutcome {
  scenario: string;
  passed: boolean;
  /** Checks that failed or warned, with their message. */
  problems: string[];
  output: string;
}

/** Whether bubblewrap can give the runner a network namespace of its own (loopback only, no way out). */
export function loopbackOnlyAvailable(): boolean {
  if (process.platform !== 'linux' || !existsSync(BWRAP)) return false;
  return spawnSync(BWRAP, ['--bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-net', '--', 'true']).status === 0;
}

function runnerCommand(args: string[], loopbackOnly: boolean): [string, string[]] {
  const node = [process.execPath, '--import', SHIM, RUNNER, ...args];
  if (!loopbackOnly) return [node[0]!, node.slice(1)];
  return [BWRAP, ['--bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-net', '--die-with-parent', '--', ...node]];
}

function capture(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

/** The names of every client scenario the installed suite offers (`conformance list`). */
export async function clientScenarios(loopbackOnly: boolean): Promise<string[]> {
  const [cmd, args] = runnerCommand(['list'], loopbackOnly);
  const { output } = await capture(cmd, args);
  const section = output.split('Client scenarios')[1] ?? '';
  return section
    .split('\n')
    .map((line) => /^\s+- (\S+)/.exec(line)?.[1])
    .filter((name): name is string => Boolean(name));
}

function checkProblems(resultsDir: string): string[] {
  const problems: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === 'checks.json') {
        const checks = JSON.parse(readFileSync(path, 'utf8')) as Array<{ id: string; status: string; errorMessage?: string; description?: string }>;
        for (const c of checks) if (c.status === 'FAILURE' || c.status === 'WARNING') problems.push(`${c.status} ${c.id}: ${c.errorMessage ?? c.description ?? ''}`);
      }
    }
  };
  walk(resultsDir);
  return problems;
}

/** How the client is run: its bundle, the environment it gets beside the runner's, how long it may take. */
export interface ClientUnderTest {
  bundle: string;
  env?: NodeJS.ProcessEnv;
  /** The runner's limit for one client run (its default is 30 s). */
  timeoutMs?: number;
}

/** Runs one scenario; it passes when the runner says so (no failed or warning check, client exit as allowed). */
export async function runScenario(scenario: string, client: ClientUnderTest, loopbackOnly: boolean): Promise<ScenarioOutcome> {
  const resultsDir = mkdtempSync(join(tmpdir(), 'nanotray-conformance-results-'));
  try {
    const timeout = client.timeoutMs ? ['--timeout', String(client.timeoutMs)] : [];
    const [cmd, args] = runnerCommand(['client', '--command', `${process.execPath} ${client.bundle}`, '--scenario', scenario, ...timeout, '-o', resultsDir], loopbackOnly);
    const { code, output } = await capture(cmd, args, client.env);
    return { scenario, passed: code === 0, problems: checkProblems(resultsDir), output };
  } finally {
    rmSync(resultsDir, { recursive: true, force: true });
  }
}

/** Runs `scenarios` with at most `parallel` at a time, in order of the list. */
export async function runScenarios(scenarios: string[], client: ClientUnderTest, loopbackOnly: boolean, parallel: number): Promise<ScenarioOutcome[]> {
  const outcomes: ScenarioOutcome[] = new Array(scenarios.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < scenarios.length) {
      const index = next++;
      outcomes[index] = await runScenario(scenarios[index]!, client, loopbackOnly);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, scenarios.length) }, worker));
  return outcomes;
}
