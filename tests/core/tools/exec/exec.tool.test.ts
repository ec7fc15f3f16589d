// exec: output format, head+tail truncation, clean child env, timeouts that kill the whole tree, fences, cancel.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecTool } from '../../../../src-main/core/tools/exec/exec.tool';
import { DENY_PATTERN_ERROR } from '../../../../src-main/core/tools/exec/command-guard';
import { isProcessAlive } from '../../../../src-main/core/tools/exec/process-tree';
import type { ToolContext } from '../../../../src-main/core/tools/tool';
import { ToolRegistry } from '../../../../src-main/core/tools/tool-registry';
import { configSchema } from '../../../../src-preload/contract/config-schema';
import { makeToolFixture, type ToolFixture } from '../tool-context-fixture';

let fx: ToolFixture;
let registry: ToolRegistry;
const exec = (args: unknown, ctx?: Partial<ToolContext>) => registry.execute('exec', args, fx.ctx(ctx));

beforeEach(() => {
  fx = makeToolFixture({ tools: { exec: { allowedEnvKeys: ['NANOTRAY_TEST_ALLOWED'] } } });
  registry = new ToolRegistry();
  registry.register(createExecTool());
});
afterEach(() => fx.cleanup());

describe('exec output', () => {
  it('prints stdout, then STDERR, then the exit code', async () => {
    expect(await exec({ command: 'echo out; echo err >&2; exit 3' })).toEqual({
      ok: true,
      output: 'out\nSTDERR:\nerr\nExit code: 3',
    });
  });

  it('reports a shell killed by a signal as 128 + the signal number', async () => {
    expect(await exec({ command: 'kill -9 $$' })).toEqual({ ok: true, output: 'Exit code: 137' });
  });

  it('omits blank stderr and empty stdout', async () => {
    expect(await exec({ command: 'printf done' })).toEqual({ ok: true, output: 'done\nExit code: 0' });
    expect(await exec({ command: 'echo "   " >&2; true' })).toEqual({ ok: true, output: 'Exit code: 0' });
  });

  it('runs in the workspace, or in working_dir inside it', async () => {
    mkdirSync(join(fx.workspace, 'sub'));
    expect(await exec({ command: 'pwd' })).toEqual({ ok: true, output: `${fx.workspace}\nExit code: 0` });
    expect(await exec({ command: 'pwd', working_dir: 'sub' })).toEqual({ ok: true, output: `${join(fx.workspace, 'sub')}\nExit code: 0` });
    expect(await exec({ command: 'pwd', working_dir: 'nope' })).toEqual({ ok: false, error: { code: 'not_found', message: 'Error: Working directory not found: nope' } });
  });

  it('keeps head and tail of huge output with the number of characters left out', async () => {
    const result = await exec({ command: "head -c 50000 /dev/zero | tr '\\0' a" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // 50,000 a's + "\n" + "Exit code: 0" = 50,013 chars; 10,000 are kept.
    expect(result.output).toBe(`${'a'.repeat(5000)}\n\n... (40013 chars truncated) ...\n\n${'a'.repeat(4987)}\nExit code: 0`);
  });

  it('truncates across stdout and stderr and keeps the exit code', async () => {
    const result = await exec({ command: "head -c 30000 /dev/zero | tr '\\0' o; head -c 30000 /dev/zero | tr '\\0' e >&2; exit 7" });
    expect(result.ok && result.output.startsWith('o'.repeat(5000) + '\n\n... (')).toBe(true);
    expect(result.ok && result.output.endsWith(`${'e'.repeat(4987)}\nExit code: 7`)).toBe(true);
    expect(result.ok && result.output.includes(' chars truncated) ...')).toBe(true);
  });
});

describe('exec child environment', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of ['OPENAI_API_KEY', 'GITHUB_TOKEN', 'NANOTRAY_TEST_ALLOWED']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it('passes only HOME, PATH, LANG, TERM and allowedEnvKeys; never the parent API keys', async () => {
    process.env.OPENAI_API_KEY = 'sk-fake-parent-secret-123';
    process.env.GITHUB_TOKEN = 'ghp_fake_token_456';
    process.env.NANOTRAY_TEST_ALLOWED = 'visible';
    const result = await exec({ command: 'env' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.output).not.toContain('sk-fake-parent-secret-123');
    expect(result.output).not.toContain('OPENAI_API_KEY');
    expect(result.output).not.toContain('ghp_fake_token_456');
    expect(result.output).toContain('NANOTRAY_TEST_ALLOWED=visible');
    const keys = result.output
      .split('\n')
      .filter((l) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(l))
      .map((l) => l.slice(0, l.indexOf('=')));
    // The shell itself adds PWD, SHLVL, _ and OLDPWD; a sandboxed command gets its egress proxy's settings.
    const proxy = ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NO_PROXY'].flatMap((k) => [k, k.toLowerCase()]);
    const expected = new Set(['HOME', 'PATH', 'LANG', 'TERM', 'NANOTRAY_TEST_ALLOWED', 'PWD', 'SHLVL', '_', 'OLDPWD', ...proxy]);
    expect(keys.filter((k) => !expected.has(k))).toEqual([]);
  });

  it('does not see a secret through an injected parent env either', async () => {
    registry = new ToolRegistry();
    registry.register(createExecTool({ parentEnv: { PATH: process.env.PATH, ANTHROPIC_API_KEY: 'sk-ant-fake-789' } }));
    expect(await exec({ command: 'echo "[$ANTHROPIC_API_KEY]"' })).toEqual({ ok: true, output: '[]\nExit code: 0' });
  });
});

describe('exec timeouts and cancel', () => {
  // These two read host pids the shell writes out, so they run unsandboxed (in the sandbox the shell sees its own
  // PID namespace); the sandboxed tree kill is tested in tests/security/exec-sandbox.security.test.ts.
  const unsandboxed = { config: configSchema.parse({ tools: { exec: { sandbox: 'off' } } }) };

  it('kills the whole process tree on timeout (the grandchild is gone too)', async () => {
    // The grandchild would write `finished` after its sleep: its absence shows the call ended by the kill,
    // not by waiting the sleep out (which would also outlast the test's time limit).
    const result = await exec({
      command: "sh -c '(sleep 30; touch finished) & echo $! > grandchild.pid; wait' & echo $! > child.pid; wait",
      timeout: 1,
    }, unsandboxed);
    expect(result).toEqual({ ok: false, error: { code: 'timeout', message: 'Error: Command timed out after 1 seconds' } });
    expect(existsSync(join(fx.workspace, 'finished'))).toBe(false);
    const grandchild = Number(readFileSync(join(fx.workspace, 'grandchild.pid'), 'utf8'));
    const child = Number(readFileSync(join(fx.workspace, 'child.pid'), 'utf8'));
    expect(grandchild).toBeGreaterThan(0);
    // Give the OS a moment to reap, then assert both are really dead.
    for (let i = 0; i < 20 && (isProcessAlive(grandchild) || isProcessAlive(child)); i++) await new Promise((r) => setTimeout(r, 50));
    expect(isProcessAlive(child)).toBe(false);
    expect(isProcessAlive(grandchild)).toBe(false);
  });

  it('uses tools.exec.timeout when the call gives none', async () => {
    const short = makeToolFixture({ tools: { exec: { timeout: 1 } } });
    try {
      expect(await registry.execute('exec', { command: 'sleep 20' }, short.ctx())).toEqual({
        ok: false,
        error: { code: 'timeout', message: 'Error: Command timed out after 1 seconds' },
      });
    } finally {
      short.cleanup();
    }
  });

  it('refuses a timeout above 600 seconds', async () => {
    const result = await exec({ command: 'true', timeout: 601 });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message.startsWith("Error: Invalid parameters for tool 'exec': 'timeout': Too big")).toBe(true);
  });

  it('kills the tree when the turn is cancelled', async () => {
    const abort = new AbortController();
    const pending = exec({ command: 'sleep 30 & echo $! > bg.pid; wait' }, { ...unsandboxed, signal: abort.signal });
    for (let i = 0; i < 100 && !existsSync(join(fx.workspace, 'bg.pid')); i++) await new Promise((r) => setTimeout(r, 20));
    abort.abort();
    expect(await pending).toEqual({ ok: false, error: { code: 'cancelled', message: 'Error: Command cancelled (the turn was stopped)' } });
    const pid = Number(readFileSync(join(fx.workspace, 'bg.pid'), 'utf8'));
    for (let i = 0; i < 20 && isProcessAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
    expect(isProcessAlive(pid)).toBe(false);
  });
});

describe('exec fences (run also checks, even without the approval preflight)', () => {
  it('blocks deny patterns, paths outside and a working_dir outside', async () => {
    expect(await exec({ command: 'rm -rf build' })).toEqual({ ok: false, error: { code: 'refused', message: DENY_PATTERN_ERROR } });
    const outside = await exec({ command: 'cat /etc/passwd' });
    expect(!outside.ok && outside.error.message.startsWith(`Error: Path /etc/passwd is outside the workspace ${fx.workspace}.`)).toBe(true);
    const cwd = await exec({ command: 'ls', working_dir: '..' });
    expect(!cwd.ok && cwd.error.message.startsWith(`Error: Path .. is outside the workspace ${fx.workspace}.`)).toBe(true);
  });

  it('says when exec is disabled', async () => {
    const off = makeToolFixture({ tools: { exec: { enable: false } } });
    try {
      expect(await registry.execute('exec', { command: 'ls' }, off.ctx())).toEqual({
        ok: false,
        error: { code: 'disabled', message: 'Error: exec is disabled (tools.exec.enable is false)' },
      });
    } finally {
      off.cleanup();
    }
  });
});

describe('exec with malformed arguments from the model', () => {
  it.each([
    [{}, "Error: Invalid parameters for tool 'exec': 'command': Invalid input: expected string, received undefined"],
    ['{"command": "ls"', "Error: Invalid parameters for tool 'exec': arguments are not valid JSON"],
    [{ command: ['rm', '-rf', '/'] }, "Error: Invalid parameters for tool 'exec': 'command': Invalid input: expected string, received array"],
    [{ command: '' }, "Error: Invalid parameters for tool 'exec': 'command': Too small"],
    [{ command: 'ls', timeout: 'forever' }, "Error: Invalid parameters for tool 'exec': 'timeout': Invalid input: expected number, received string"],
    ['"ls -la"', "Error: Invalid parameters for tool 'exec': arguments: Invalid input: expected object, received string"],
  ])('%j is refused before anything runs', async (args, prefix) => {
    const result = await exec(args);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message.startsWith(prefix)).toBe(true);
  });
});

