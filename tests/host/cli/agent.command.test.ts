// The CLI end to end: `nanotray agent -m` (spawned through bin/nanotray.mjs) and in-process runs of agent/status.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureIo, ROOT, useCliHarness } from './cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });

describe('nanotray agent -m (spawned)', () => {
  it('streams the answer to stdout, tool activity to stderr, and exits 0', async () => {
    t.open();
    t.llm.enqueue({ toolCalls: [{ name: 'list_dir', arguments: { path: '.' }, id: 'call_ls' }] }, { text: ['The workspace ', 'is empty.'] });
    const result = await t.spawn(['agent', '-m', 'what is in my workspace?']);
    expect(result.out).toBe('The workspace is empty.\n');
    expect(result.err).toContain('→ list_dir {"path":"."}');
    expect(result.err).toMatch(/[✓✗] list_dir/);
    expect(result.code).toBe(0);
    expect(existsSync(join(ROOT, 'out', 'cli', 'nanotray.cjs'))).toBe(true);
  });

  it('without a provider exits non-zero with one line saying how to configure one', async () => {
    t.openBare({});
    const result = await t.spawn(['agent', '-m', 'hello']);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toBe(
      "nanotray agent: No provider 'openai' is configured. Set OPENAI_API_KEY (and OPENAI_BASE_URL for another OpenAI-compatible server), or add providers.openai with apiKey/baseUrl to config.json (in the desktop app: Settings).\n",
    );
  });

  it('OPENAI_API_KEY / OPENAI_BASE_URL alone are enough', async () => {
    t.openBare({ agent: { model: 'fake-model' } });
    t.llm.enqueue({ text: 'env works' });
    const result = await t.spawn(['agent', '-m', 'hi'], { OPENAI_API_KEY: 'sk-env-key-000000', OPENAI_BASE_URL: t.llm.baseUrl });
    expect(result).toEqual({ code: 0, out: 'env works\n', err: '' });
  });
});

describe('nanotray agent (in process)', () => {
  it('a rejected key gives exit 1 and the clear reason, never the key', async () => {
    t.open();
    t.llm.enqueue({ status: 401, errorMessage: 'Incorrect API key provided: sk-test-secret-key-123456' });
    const { code, err } = await t.run(['agent', '-m', 'hi', '--session', 'work']);
    expect(code).toBe(1);
    expect(err).toBe(
      'nanotray agent: The provider rejected the API key (401). Set a valid key in settings or config.json (providers.test.apiKey).\n',
    );
    expect(err).not.toContain('sk-test-secret');
  });

  it('the REPL reads lines until exit and keeps the session between turns', async () => {
    t.open();
    t.llm.enqueue({ text: 'first' }, { text: 'second' });
    const io = captureIo(t.env());
    io.stdin.end('hello\nand again\nexit\n');
    const { code, out } = await t.run(['agent', '--session', 'repl'], io);
    expect(code).toBe(0);
    expect(out).toContain('first\n');
    expect(out).toContain('second\n');
    // The context builder may add notes to user messages; the conversation itself must carry over.
    const last = t.llm.requests.at(-1)!.body.messages.filter((m: { role: string }) => m.role !== 'system');
    expect(last.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(String(last[0].content).startsWith('hello')).toBe(true);
    expect(last[1].content).toBe('first');
    expect(String(last[2].content).startsWith('and again')).toBe(true);
  });

  it('the REPL runs slash commands without the model; /new switches to a fresh session', async () => {
    t.open();
    t.llm.enqueue({ text: 'in the new session' });
    const before = t.llm.requests.length;
    const io = captureIo(t.env());
    io.stdin.end('/new\nhello\nexit\n');
    const { code, out, err } = await t.run(['agent', '--session', 'fresh'], io);
    expect(code).toBe(0);
    expect(t.llm.requests.length - before).toBe(1);
    expect(err).toMatch(/New session cli:fresh-[a-z0-9]+\./);
    expect(out).toContain('in the new session\n');
    const sent = t.llm.requests.at(-1)!.body.messages.filter((m: { role: string }) => m.role !== 'system');
    expect(sent).toHaveLength(1);
  });

  it('status shows provider, model, home, workspace, counts and the MCP servers', async () => {
    const home = t.open();
    t.llm.enqueue({ text: 'x' });
    await t.run(['agent', '-m', 'count me']);
    const { code, out } = await t.run(['status']);
    expect(code).toBe(0);
    expect(out).toBe(
      [
        'Nanotray status',
        `  home:      ${home.home}`,
        `  config:    ${join(home.home, 'config.json')}`,
        `  workspace: ${home.workspace}`,
        `  provider:  test (${t.llm.baseUrl}; key …3456)`,
        '  model:     fake-model (preset default)',
        '  sandbox:   exec on (bubblewrap; network through Nanotray, per host)',
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
        // the MCP section (none configured here)
        'No MCP servers configured. Add one with /mcp add <name> <command…>.',
        '',
      ].join('\n'),
    );
  });
});
