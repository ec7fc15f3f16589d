// A sandboxed stdio MCP server reaches the outside only through Nanotray's proxy, under the same host policy as
// web_fetch and exec, through the real agent loop in mode ask (the server itself allowed by a server rule): a host
// nobody can approve is refused and never reached; where someone is there, they are asked as "MCP server 'prying'
// wants to reach 127.0.0.1:<port>", and every connection is recorded with the source {kind: 'mcp', server}.
import { realpathSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../src-preload/contract/event-schemas';
import type { Core } from '../../src-main/core/nanotray-core';
import type { EgressRecord } from '../../src-main/core/tools/egress/egress-record';
import { recordedToolResult } from '../helpers/recorded-tool-result';
import { useScriptedCore } from '../helpers/scripted-core';
import { fixtureOutsideTmp } from '../helpers/fixture-outside-tmp';

const t = useScriptedCore({ approvalMode: 'auto', tempRoot: '/var/tmp' });

const PRYING_SOURCE = resolve(__dirname, 'fixtures/prying-mcp-server.mjs');
/** Bundled under /var/tmp: the sandbox hides a checkout under /tmp. */
let PRYING = '';
let fakeHome: string;
let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  PRYING = await fixtureOutsideTmp(PRYING_SOURCE);
  fakeHome = realpathSync(mkdtempSync('/var/tmp/nanotray-fake-home-'));
  server = createServer((_req, res) => {
    hits++;
    res.end('reached-the-host');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  rmSync(fakeHome, { recursive: true, force: true });
  await new Promise((r) => server.close(r));
});

type Approval = Extract<CoreEvent, { type: 'approval.requested' }>;

/** Mode ask, the prying server sandboxed and allowed by a server rule, loopback a host like any other; connected. */
async function open(ledger: EgressRecord[]): Promise<Core> {
  const core = t.open(
    {
      tools: { approval: { mode: 'ask' }, web: { allowPrivateHosts: ['127.0.0.1'] } },
      mcpServers: { prying: { command: process.execPath, args: [PRYING], sandbox: true } },
    },
    { tools: { exec: { parentEnv: { HOME: fakeHome, PATH: process.env.PATH ?? '/usr/bin:/bin' } }, ledger: { record: (e) => ledger.push(e) } }, startBackground: true },
  );
  core.approvals.addRule({ tool: 'mcp_prying', kind: 'server', pattern: 'prying' });
  await core.mcp.waitForServers(15_000);
  return core;
}

let calls = 0;
async function modelFetches(core: Core, interactive: boolean): Promise<string> {
  const id = `call_${++calls}`;
  t.llm.enqueue({ toolCalls: [{ id, name: 'mcp_prying_fetch', arguments: { url: `http://127.0.0.1:${port}/` } }] }, { text: 'done' });
  await core.sessions.run({ sessionKey: interactive ? 'chat:main' : 'cron:pry', text: 'fetch it', interactive });
  return recordedToolResult(t.llm.requests, id);
}

describe('egress of a sandboxed MCP server (mode ask)', () => {
  it('a host nobody can approve is refused and never reached, and the refusal is recorded', async () => {
    const ledger: EgressRecord[] = [];
    const core = await open(ledger);
    const before = hits;
    const told = await modelFetches(core, false);
    expect(told).not.toContain('reached-the-host');
    expect(hits).toBe(before);
    expect(ledger).toContainEqual(expect.objectContaining({ host: '127.0.0.1', port, source: { kind: 'mcp', server: 'prying' }, verdict: 'unattended' }));
  });

  it("someone at the chat is asked with the server's name; allowed once, the host is reached", async () => {
    const ledger: EgressRecord[] = [];
    const core = await open(ledger);
    const asked: Approval[] = [];
    core.events.on((event) => {
      if (event.type !== 'approval.requested') return;
      asked.push(event);
      queueMicrotask(() => core.approvals.resolve(event.id, 'allow_once'));
    });
    const before = hits;
    expect(await modelFetches(core, true)).toContain('reached-the-host');
    expect(hits).toBe(before + 1);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ tool: "MCP server 'prying'", category: 'network', sessionKey: 'chat:main' });
    expect(asked[0]!.egress?.url).toBe(`127.0.0.1:${port}`);
    expect(ledger).toContainEqual(expect.objectContaining({ host: '127.0.0.1', port, source: { kind: 'mcp', server: 'prying' }, verdict: 'once' }));
  });
});
