// A server's request for input is hostile text, through the real agent loop: where nobody can answer it is declined
// and nobody is asked (the model is told why); in a chat it names the server, shows its words cleaned and flags a
// field that asks for a secret; a link that is not https is never accepted; and what the user types reaches the
// model only through the server's result, scrubbed of configured secrets.
import { describe, expect, it, vi } from 'vitest';
import type { CoreEvent } from '../../src-preload/contract/event-schemas';
import type { Core } from '../../src-main/core/nanotray-core';
import { recordedToolResult } from '../helpers/recorded-tool-result';
import { useScriptedCore } from '../helpers/scripted-core';
import { depthServer, openScriptedWithServers } from '../core/mcp/mcp-test-kit';

const t = useScriptedCore({ approvalMode: 'auto' });
const API_KEY = 'sk-test-secret-key-123456';

type Requested = Extract<CoreEvent, { type: 'elicitation.requested' }>;

/** A core in auto mode (the tools run without approval) with the depth fixture as server `d`. */
async function open(): Promise<{ core: Core; requests: Requested[] }> {
  const core = await openScriptedWithServers(t, { d: depthServer('d') }, { tools: { approval: { mode: 'auto' } } });
  const requests: Requested[] = [];
  core.events.on((e) => e.type === 'elicitation.requested' && requests.push(e));
  return { core, requests };
}

const toolResult = (id: string): string => recordedToolResult(t.llm.requests, id);

describe('MCP requests for input through the agent loop', () => {
  it('in a cron run nobody is asked: the request is declined and the model learns why', async () => {
    const { core, requests } = await open();
    try {
      t.llm.enqueue({ toolCalls: [{ id: 'p1', name: 'mcp_d_ask_password', arguments: {} }] }, { text: 'Done.' });
      await core.sessions.run({ sessionKey: 'cron:job', text: 'log in', interactive: false });
      expect(requests).toEqual([]);
      const result = toolResult('p1');
      expect(result).toContain("[Nanotray declined a request for input from MCP server 'd': nobody can answer in this non-interactive run");
      expect(result).toContain('login: decline');
    } finally {
      await core.dispose();
    }
  });

  it('in a chat it names the server, cleans its words, flags a secret field; the answer is scrubbed on its way back', async () => {
    const { core, requests } = await open();
    try {
      t.llm.enqueue({ toolCalls: [{ id: 'a1', name: 'mcp_d_ask', arguments: {} }, { id: 'p2', name: 'mcp_d_ask_password', arguments: {} }] }, { text: 'Done.' });
      const turn = core.sessions.run({ sessionKey: 'desktop:chat', text: 'sign me up', interactive: true });
      await vi.waitFor(() => expect(requests).toHaveLength(1), { timeout: 10_000, interval: 10 });
      const form = requests[0]!;
      expect(form).toMatchObject({ server: 'd', sessionKey: 'desktop:chat', message: 'Who are you?' });
      // The user pastes the provider key by mistake: the server echoes it, the model sees it redacted.
      expect(core.mcp.elicitations.respond(form.id, 'accept', { name: API_KEY })).toEqual({ ok: true, value: undefined });
      await vi.waitFor(() => expect(requests).toHaveLength(2), { timeout: 10_000, interval: 10 });
      const password = requests[1]!;
      expect(password.fields).toEqual([{ kind: 'text', name: 'password', label: 'Password', required: true, secretLike: true }]);
      // The server's message carried an OSC 52 clipboard write: gone from every text shown.
      const shown = requests.flatMap((r) => [r.message, ...(r.fields ?? []).map((f) => f.label)]).join('\n');
      expect(shown).not.toMatch(/[\u0007\u001b]/);
      expect(core.mcp.elicitations.respond(password.id, 'decline')).toEqual({ ok: true, value: undefined });
      await turn;
      expect(toolResult('a1')).toContain('thanks, [redacted] (g, 30)');
      expect(JSON.stringify(t.llm.requests.map((r) => r.body))).not.toContain(API_KEY);
    } finally {
      await core.dispose();
    }
  });

  it('a link to anything but https (or this computer) is shown but can never be accepted', async () => {
    const { core, requests } = await open();
    try {
      t.llm.enqueue({ toolCalls: [{ id: 'u1', name: 'mcp_d_ask_url', arguments: { url: 'file:///etc/passwd' } }] }, { text: 'Done.' });
      const turn = core.sessions.run({ sessionKey: 'desktop:chat', text: 'connect', interactive: true });
      await vi.waitFor(() => expect(requests).toHaveLength(1), { timeout: 10_000, interval: 10 });
      expect(requests[0]!.link).toEqual({ url: 'file:///etc/passwd', host: '', opens: false });
      expect(core.mcp.elicitations.respond(requests[0]!.id, 'accept')).toMatchObject({ ok: false, error: { code: 'invalid' } });
      core.mcp.elicitations.respond(requests[0]!.id, 'decline');
      await turn;
      expect(toolResult('u1')).toContain('url: decline');
    } finally {
      await core.dispose();
    }
  });
});
