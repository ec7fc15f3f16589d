// The CLI end to end: `nanotray agent -m` (spawned through bin/nanotray.mjs) and in-process runs of agent/status.
import { captureIo } from './cli-test-io';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src-main/host/cli/main';
import { startScriptedLlm, type ScriptedLlm } from '../../helpers/scripted-llm-server';
import { makeTempHome, testConfig, type TempHome } from '../../helpers/temp-home';

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
  home?.cleanup();
  llm.setFallback(undefined);
});

function runBin(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home.home, ...extra };
  return env;
}



describe('nanotray agent -m (spawned)', () => {
  it('streams the answer to stdout, tool activity to stderr, and exits 0', async () => {
    home = makeTempHome(testConfig(llm.baseUrl));
    llm.enqueue({ toolCalls: [{ name: 'list_dir', arguments: { path: '.' }, id: 'call_ls' }] }, { text: ['The workspace ', 'is empty.'] });
    const result = await runBin(['agent', '-m', 'what is in my workspace?'], childEnv({ NANOTRAY_HOME: home.home }));
    expect(result.stdout).toBe('The workspace is empty.\n');
    expect(result.stderr).toContain('→ list_dir {"path":"."}');
    expect(result.stderr).toMatch(/[✓✗] list_dir/);
    expect(result.code).toBe(0);
    expect(existsSync(join(ROOT, 'out', 'cli', 'nanotray.mjs'))).toBe(true);
  });

  it('without a provider exits non-zero with one line saying how to configure one', async () => {
    home = makeTempHome({});
    const result = await runBin(['agent', '-m', 'hello'], childEnv({ NANOTRAY_HOME: home.home }));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      "nanotray agent: No provider 'openai' is configured. Set OPENAI_API_KEY (and OPENAI_BASE_URL for another OpenAI-compatible server), or add providers.openai with apiKey/baseUrl to config.json (in the desktop app: Settings).\n",
    );
  });

  it('OPENAI_API_KEY / OPENAI_BASE_URL alone are enough', async () => {
    home = makeTempHome({ agent: { model: 'fake-model' } });
    llm.enqueue({ text: 'env works' });
    const result = await runBin(['agent', '-m', 'hi'], childEnv({ NANOTRAY_HOME: home.home, OPENAI_API_KEY: 'sk-env-key-000000', OPENAI_BASE_URL: llm.baseUrl }));
    expect(result).toEqual({ code: 0, stdout: 'env works\n', stderr: '' });
  });
});

describe('nanotray agent (in process)', () => {
  it('a rejected key gives exit 1 and the clear reason, never the key', async () => {
    home = makeTempHome(testConfig(llm.baseUrl));
    llm.enqueue({ status: 401, errorMessage: 'Incorrect API key provided: sk-test-secret-key-123456' });
    const io = captureIo({ NANOTRAY_HOME: home.home });
    const code = await runCli(['agent', '-m', 'hi', '--session', 'work'], io);
    expect(code).toBe(1);
    expect(io.err()).toBe(
      'nanotray agent: The provider rejected the API key (401). Set a valid key in settings or config.json (providers.test.apiKey).\n',
    );
    expect(io.err()).not.toContain('sk-test-secret');
  });

  it('the REPL reads lines until exit and keeps the session between turns', async () => {
    home = makeTempHome(testConfig(llm.baseUrl));
    llm.enqueue({ text: 'first' }, { text: 'second' });
    const io = captureIo({ NANOTRAY_HOME: home.home });
    (io.stdin as PassThrough).end('hello\nand again\nexit\n');
    const code = await runCli(['agent', '--session', 'repl'], io);
    expect(code).toBe(0);
    expect(io.out()).toContain('first\n');
    expect(io.out()).toContain('second\n');
    // The context builder may add notes to user messages; the conversation itself must carry over.
    const last = llm.requests.at(-1)!.body.messages.filter((m: { role: string }) => m.role !== 'system');
    expect(last.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(String(last[0].content).startsWith('hello')).toBe(true);
    expect(last[1].content).toBe('first');
    expect(String(last[2].content).startsWith('and again')).toBe(true);
  });

  it('the REPL runs slash commands without the model; /new switches to a fresh session', async () => {
    home = makeTempHome(testConfig(llm.baseUrl));
    llm.enqueue({ text: 'in the new session' });
    const before = llm.requests.length;
    const io = captureIo({ NANOTRAY_HOME: home.home });
    (io.stdin as PassThrough).end('/new\nhello\nexit\n');
    expect(await runCli(['agent', '--session', 'fresh'], io)).toBe(0);
    expect(llm.requests.length - before).toBe(1);
    expect(io.err()).toMatch(/New session cli:fresh-[a-z0-9]+\./);
    expect(io.out()).toContain('in the new session\n');
    const sent = llm.requests.at(-1)!.body.messages.filter((m: { role: string }) => m.role !== 'system');
    expect(sent).toHaveLength(1);
  });

  it('status shows provider, model, home, workspace and counts', async () => {
    home = makeTempHome(testConfig(llm.baseUrl));
    llm.enqueue({ text: 'x' });
    await runCli(['agent', '-m', 'count me'], captureIo({ NANOTRAY_HOME: home.home }));
    const io = captureIo({ NANOTRAY_HOME: home.home });
    expect(await runCli(['status'], io)).toBe(0);
    expect(io.out()).toBe(
      [
        'Nanotray status',
        `  home:      ${home.home}`,
        `  config:    ${join(home.home, 'config.json')}`,
        `  workspace: ${home.workspace}`,
        `  provider:  test (${llm.baseUrl}; key …3456)`,
        '  model:     fake-model (preset default)',
        '  sessions:  1',
        '  messages:  2',
        // the runtime overview, the same text as `my` check with no key
        'Runtime (same as `my` check):',
        '  max_iterations: 40',
        '  context_window_tokens: 200000',
        '  model: "fake-model"',
        '  model_preset: "default"',
        `  workspace: ${JSON.stringify(home.workspace)}`,
        '  provider_retry_mode: "none"',
        '  max_tool_result_chars: 16000',
        '  _current_iteration: 0',
        '  web_config: {"enable":true,"proxy":null,"allow_private_hosts":[],"search":{"provider":"duckduckgo","base_url":"","max_results":5}}',
        '  exec_config: {"enable":true,"timeout":60,"deny_patterns":[],"allow_patterns":[],"allowed_env_keys":[]}',
        '  subagents: {}',
        '',
      ].join('\n'),
    );
  });
});
