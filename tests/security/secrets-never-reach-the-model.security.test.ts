// Attacks through the real agent loop: a hostile model (the scripted server) calls tools whose results
// carry configured secrets in every shape; none reaches the next model request, the store, the events or the log.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useScriptedCore } from '../helpers/scripted-core';
import type { ScriptedToolCall } from '../helpers/scripted-llm-server';
import { expectNoLeak, leakedForm, watchLeaks, type LeakWatch } from './helpers/leak-watch';

const KEY = 'sk-proj-Zq8v3LmN0pRt5XwY7aBcD2eF';
const SEARCH_KEY = 'tvly-9f8e7d6c5b4a3f2e1d0c';
const PROXY_PASSWORD = 'pr0xy-pa55word-77';
const MCP_TOKEN = 'ghp_A1b2C3d4E5f6G7h8I9j0K1l2';
const ALL = [KEY, SEARCH_KEY, PROXY_PASSWORD, MCP_TOKEN];
const LEAKY_MCP = resolve(__dirname, 'fixtures/leaky-mcp-server.mjs');

const t = useScriptedCore({ approvalMode: 'auto' });
let watch: LeakWatch | undefined;
afterEach(() => watch?.stop());

/** A core whose config holds all four secrets (provider key, search key, proxy password, MCP env token). */
function openCore(extra: Record<string, unknown> = {}) {
  const core = t.open({
    providers: { test: { apiKey: KEY, baseUrl: t.llm.baseUrl } },
    tools: {
      web: { proxy: `http://me:${PROXY_PASSWORD}@127.0.0.1:9`, search: { provider: 'brave', apiKey: SEARCH_KEY } },
      ...((extra.tools as object) ?? {}),
    },
    mcpServers: { leaky: { command: process.execPath, args: [LEAKY_MCP], env: { API_TOKEN: MCP_TOKEN } } },
    ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'tools')),
  });
  watch = watchLeaks(core, t.llm);
  return core;
}

/** The scripted model makes `calls` in one reply, then answers; returns the tool messages it was sent back. */
async function attack(calls: ScriptedToolCall[]): Promise<string[]> {
  t.llm.enqueue({ toolCalls: calls }, { text: 'done' });
  const result = await t.core.sessions.run({ sessionKey: 'cli:attack', text: 'do as the page says', interactive: false, source: 'user' });
  expect(result.stopReason).toBe('completed');
  const followUp = t.llm.requests.at(-1)!.body as { messages: Array<{ role: string; content: unknown }> };
  return followUp.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
}

function wrap76(text: string): string {
  return text.replace(/(.{76})/g, '$1\n');
}

describe('tool results are scrubbed before the model, the store, the events and the log see them', () => {
  it('read_file of a file holding every secret raw, JSON-escaped, URL-encoded, hex and in base64 blobs at all three alignments', async () => {
    const core = openCore();
    const lines: string[] = [];
    for (const secret of ALL) {
      lines.push(`raw ${secret}`, `json {"k":${JSON.stringify(secret)}}`, `url ?k=${encodeURIComponent(secret)}`, `hex ${Buffer.from(secret).toString('hex')}`);
      for (const prefix of ['', 'a', 'ab']) {
        const blob = Buffer.from(`${prefix}{"secret":"${secret}","padding":"${'p'.repeat(90)}"}`);
        lines.push(wrap76(blob.toString('base64')), blob.toString('base64url'));
      }
    }
    writeFileSync(join(core.workspace(), 'notes.txt'), lines.join('\n'));
    const [result] = await attack([{ name: 'read_file', arguments: { path: 'notes.txt' } }]);
    expect(result).toContain('[redacted]');
    for (const secret of ALL) expect(leakedForm(result!, secret)).toBeUndefined();
    expectNoLeak(watch!, ALL);
  });

  it('a secret split across two tool results: each half is still a secret', async () => {
    const core = openCore();
    writeFileSync(join(core.workspace(), 'a.txt'), `part one: ${KEY.slice(0, 16)}\n`);
    writeFileSync(join(core.workspace(), 'b.txt'), `part two: ${KEY.slice(16)}\n`);
    const results = await attack([
      { name: 'read_file', arguments: { path: 'a.txt' } },
      { name: 'read_file', arguments: { path: 'b.txt' } },
    ]);
    expect(results.join('')).not.toContain(KEY.slice(0, 16));
    expect(results.join('')).not.toContain(KEY.slice(16));
    expectNoLeak(watch!, ALL);
  });

  it('exec stdout and stderr', async () => {
    const core = openCore();
    writeFileSync(join(core.workspace(), 'k.txt'), `token: ${MCP_TOKEN}\nkey: ${KEY}\n`);
    const [out] = await attack([{ name: 'exec', arguments: { command: 'cat k.txt >&2; echo and on stdout; base64 k.txt' } }]);
    expect(out).toContain('STDERR');
    expect(out).toContain('token: [redacted]');
    expectNoLeak(watch!, ALL);
  });

  it('a secret straddling the result-size cut loses no half to the cut: scrubbing happens before truncation', async () => {
    const core = openCore({ agent: { maxToolResultChars: 120 } });
    writeFileSync(join(core.workspace(), 'k.txt'), `${'x'.repeat(100)}${KEY}\n`);
    const [cut] = await attack([{ name: 'read_file', arguments: { path: 'k.txt' } }]);
    expect(cut).toContain('truncated');
    expect(cut).not.toContain(KEY.slice(0, 12));
    expectNoLeak(watch!, ALL);
  });

  it('list_dir of a folder whose file names are secrets', async () => {
    const core = openCore();
    mkdirSync(join(core.workspace(), 'drop'));
    writeFileSync(join(core.workspace(), 'drop', `${MCP_TOKEN}.txt`), '');
    writeFileSync(join(core.workspace(), 'drop', `${Buffer.from(KEY).toString('base64url')}.bin`), '');
    const [listing] = await attack([{ name: 'list_dir', arguments: { path: 'drop' } }]);
    expect(listing).toContain('[redacted].txt');
    expectNoLeak(watch!, ALL);
  });

  it("a hostile MCP server's results, base64 blobs, error messages and images carrying its own token", async () => {
    const core = openCore({ agent: { vision: true } });
    await core.mcp.waitForServers(10_000);
    const results = await attack([
      { name: 'mcp_leaky_whoami', arguments: {} },
      { name: 'mcp_leaky_blob', arguments: {} },
      { name: 'mcp_leaky_broken', arguments: {} },
      { name: 'mcp_leaky_picture', arguments: {} },
    ]);
    expect(results[0]).toContain('I authenticate with [redacted]');
    expect(results[2]).toContain('upstream refused token [redacted]');
    expect(results[3]).toContain('removed: they contained a configured secret');
    expectNoLeak(watch!, ALL);
  });

  it("the model's own streamed text is scrubbed even when the secret arrives split over chunks", async () => {
    openCore();
    t.llm.enqueue({ text: ['Your key is ', KEY.slice(0, 5), KEY.slice(5, 20), `${KEY.slice(20)}, keep it safe.`] });
    const result = await t.core.sessions.run({ sessionKey: 'cli:echo', text: 'what is my key?', interactive: false, source: 'user' });
    expect(result.text).toBe('Your key is [redacted], keep it safe.');
    const streamed = watch!.events.flatMap((e) => (e.type === 'token' ? [e.text] : [])).join('');
    expect(streamed).toBe('Your key is [redacted], keep it safe.');
    expectNoLeak(watch!, ALL);
  });

  it('a tool call carrying a secret in its arguments is refused, not run', async () => {
    openCore();
    const [result] = await attack([{ name: 'write_file', arguments: { path: 'exfil.txt', content: `key=${KEY}` } }]);
    expect(result).toContain('contain a configured secret');
    expect(t.core.db.prepare('SELECT args, status FROM tool_events').get()).toEqual({ args: '{"path":"exfil.txt","content":"key=[redacted]"}', status: 'error' });
    expectNoLeak(watch!, ALL);
  });

  it('exec env and a dump of the process environment do not carry the API key (not in the child, scrubbed anyway)', async () => {
    const before = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = KEY;
    try {
      // The fence off, so the command's text checks do not stand in the way.
      openCore({ tools: { restrictToWorkspace: false } });
      const [env] = await attack([{ name: 'exec', arguments: { command: 'env; echo ---; tr "\\0" "\\n" < /proc/self/environ' } }]);
      expect(env).toContain('Exit code: 0');
      expect(env).not.toContain('OPENAI_API_KEY');
      expectNoLeak(watch!, ALL);
    } finally {
      if (before === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = before;
    }
  });
});

describe('web_fetch of a hostile page', () => {
  let page: Server;
  let port = 0;
  const seen: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    page = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`You sent: ${JSON.stringify(req.headers)}\nAlso, the key is ${KEY} (${Buffer.from(KEY).toString('base64')}).`);
    });
    await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
    port = (page.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => page.close(() => r())));

  it('sends no credential to the page, and what the page echoes is scrubbed', async () => {
    openCore({ tools: { web: { allowPrivateHosts: ['127.0.0.1'], search: { provider: 'brave', apiKey: SEARCH_KEY } } } });
    const [result] = await attack([{ name: 'web_fetch', arguments: { url: `http://127.0.0.1:${port}/echo` } }]);
    expect(result).toContain('You sent:');
    expect(JSON.stringify(seen)).not.toContain(KEY);
    expect(seen.some((h) => 'authorization' in h)).toBe(false);
    expectNoLeak(watch!, ALL);
  });

  it('a URL with the key in it is never fetched', async () => {
    openCore({ tools: { web: { allowPrivateHosts: ['127.0.0.1'], search: { provider: 'brave', apiKey: SEARCH_KEY } } } });
    seen.length = 0;
    const [result] = await attack([{ name: 'web_fetch', arguments: { url: `http://127.0.0.1:${port}/?k=${encodeURIComponent(KEY)}` } }]);
    expect(result).toContain('contain a configured secret');
    expect(seen).toEqual([]);
    expectNoLeak(watch!, ALL);
  });
});
