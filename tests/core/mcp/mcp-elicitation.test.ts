// MCP elicitation against a real server process (the depth fixture): a form answered in the calling session,
// validated against its schema with defaults filled, the call's deadline paused while the user answers; links
// with their full host; declined with a reason for the model where nobody can answer.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { depthServer, fromServer, useLoggedCores, type McpTestCore } from './mcp-test-kit';

type Requested = Extract<CoreEvent, { type: 'elicitation.requested' }>;

const open = useLoggedCores();
let t: McpTestCore | undefined;

async function elicitCore(server: Record<string, unknown> = {}): Promise<{ requests: Requested[]; log: string }> {
  const opened = open((log) => ({ d: depthServer('d', { env: { FIXTURE_LOG: log }, ...server }) }));
  t = opened.t;
  const log = opened.log;
  const requests: Requested[] = [];
  t.core.events.on((e) => e.type === 'elicitation.requested' && requests.push(e));
  await t.core.mcp.waitForServers(10_000);
  return { requests, log };
}

const interactive = { interactive: true, sessionKey: 'desktop:chat', turnId: 'turn-1', callId: 'call-7' };

describe('MCP elicitation (form)', () => {
  it('asks in the calling session, shows which server asks with cleaned text, and sends the validated answer', async () => {
    const { requests, log } = await elicitCore();
    const call = t!.core.tools.execute('mcp_d_ask', '{}', t!.ctx(interactive));
    await vi.waitFor(() => expect(requests).toHaveLength(1), { timeout: 5000, interval: 10 });
    const request = requests[0]!;
    expect(request).toMatchObject({ server: 'd', mode: 'form', sessionKey: 'desktop:chat', turnId: 'turn-1', callId: 'call-7' });
    expect(request.message).toBe('Who are you?');
    expect(request.fields?.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['name', 'text', true],
      ['color', 'choice', false],
      ['age', 'number', false],
      ['subscribe', 'boolean', false],
    ]);
    // A wrong answer is refused and the request keeps waiting; then a right one (defaults fill the rest).
    expect(t!.core.mcp.elicitations.respond(request.id, 'accept', { name: 'A', age: -1 })).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(t!.core.mcp.elicitations.respond(request.id, 'accept', { name: 'Ada' })).toEqual({ ok: true, value: undefined });
    expect(await call).toEqual(fromServer('d', 'ask', 'thanks, Ada (g, 30)'));
    expect(readFileSync(log, 'utf8')).toContain('d elicit {"action":"accept","content":{"name":"Ada","color":"g","age":30,"subscribe":false}}');
  });

  it('the call does not time out while the user answers (its deadline is paused)', async () => {
    const { requests } = await elicitCore({ timeout: 1, maxTotalTimeout: 2 });
    const call = t!.core.tools.execute('mcp_d_ask', '{}', t!.ctx(interactive));
    await vi.waitFor(() => expect(requests).toHaveLength(1), { timeout: 5000, interval: 10 });
    t!.clock.advance(60_000);
    t!.core.mcp.elicitations.respond(requests[0]!.id, 'decline');
    expect(await call).toEqual(fromServer('d', 'ask', 'no answer: decline'));
    expect(t!.core.mcp.status()[0]).toMatchObject({ state: 'connected', consecutiveFailures: 0 });
  });

  it('Stop cancels a form that is still open', async () => {
    const { requests, log } = await elicitCore();
    const stop = new AbortController();
    const call = t!.core.tools.execute('mcp_d_ask', '{}', t!.ctx({ ...interactive, signal: stop.signal }));
    await vi.waitFor(() => expect(requests).toHaveLength(1), { timeout: 5000, interval: 10 });
    stop.abort();
    expect(await call).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(t!.core.mcp.elicitations.pending()).toEqual([]);
    await vi.waitFor(() => expect(readFileSync(log, 'utf8')).toContain('d elicit {"action":"cancel"}'), { timeout: 5000, interval: 10 });
  });

  it('where nobody can answer, declines at once and tells the model why', async () => {
    const { requests, log } = await elicitCore();
    const result = await t!.core.tools.execute('mcp_d_ask', '{}', t!.ctx({ interactive: false, sessionKey: 'heartbeat' }));
    expect(requests).toEqual([]);
    expect(result.ok && result.output.split('\n')[0]).toBe(
      "[Nanotray declined a request for input from MCP server 'd': nobody can answer in this non-interactive run (heartbeat, cron, subagent or a CLI without a terminal). Tell the user if they need to answer it themselves.]",
    );
    expect(result.ok && result.output).toContain('no answer: decline');
    expect(readFileSync(log, 'utf8')).toContain('d elicit {"action":"decline"}');
  });

  it('a field that looks like a secret is flagged', async () => {
    const { requests } = await elicitCore();
    const call = t!.core.tools.execute('mcp_d_ask_password', '{}', t!.ctx(interactive));
    await vi.waitFor(() => expect(requests).toHaveLength(1), { timeout: 5000, interval: 10 });
    expect(requests[0]!.fields).toEqual([{ kind: 'text', name: 'password', label: 'Password', required: true, secretLike: true }]);
    t!.core.mcp.elicitations.respond(requests[0]!.id, 'decline');
    expect(await call).toEqual(fromServer('d', 'ask_password', 'login: decline'));
  });
});

describe('MCP elicitation (URL)', () => {
  it('shows the full URL and host; accepting says the page was opened', async () => {
    const { requests, log } = await elicitCore();
    const call = t!.core.tools.execute('mcp_d_ask_url', '{}', t!.ctx(interactive));
    await vi.waitFor(() => expect(requests).toHaveLength(1), { timeout: 5000, interval: 10 });
    expect(requests[0]).toMatchObject({ mode: 'url', message: 'Connect your account', link: { url: 'https://auth.example.com/connect?step=1', host: 'auth.example.com', opens: true } });
    t!.core.mcp.elicitations.respond(requests[0]!.id, 'accept');
    expect(await call).toEqual(fromServer('d', 'ask_url', 'url: accept'));
    expect(readFileSync(log, 'utf8')).toContain('d elicit {"action":"accept"}');
  });

  it('a lookalike host is spelled out, and a link that is not https is never accepted', async () => {
    const { requests } = await elicitCore();
    const lookalike = t!.core.tools.execute('mcp_d_ask_url', JSON.stringify({ url: 'https://xn--pypal-4ve.com/login' }), t!.ctx(interactive));
    await vi.waitFor(() => expect(requests).toHaveLength(1), { timeout: 5000, interval: 10 });
    expect(requests[0]!.link).toEqual({ url: 'https://xn--pypal-4ve.com/login', host: 'xn--pypal-4ve.com', unicodeHost: 'pаypal.com', opens: true });
    t!.core.mcp.elicitations.respond(requests[0]!.id, 'decline');
    await lookalike;
    const script = t!.core.tools.execute('mcp_d_ask_url', JSON.stringify({ url: 'javascript:alert(1)' }), t!.ctx(interactive));
    await vi.waitFor(() => expect(requests).toHaveLength(2), { timeout: 5000, interval: 10 });
    expect(requests[1]!.link).toMatchObject({ opens: false });
    expect(t!.core.mcp.elicitations.respond(requests[1]!.id, 'accept')).toMatchObject({ ok: false, error: { code: 'invalid' } });
    t!.core.mcp.elicitations.respond(requests[1]!.id, 'decline');
    expect(await script).toEqual(fromServer('d', 'ask_url', 'url: decline'));
  });
});
