// Through the real browser host (WebSocket, dispatcher, settings handlers): a settings update that moves a
// provider to another host but sends the masked key back, then "Test connection", must not send the stored
// key to the new host; masks show at most the last 4 characters.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCore, type Core } from '../../src-main/core/nanotray-core';
import { startWebHost, type WebHost } from '../../src-main/host/web/web-host';
import { makeTempHome, type TempHome } from '../helpers/temp-home';

const KEY = 'sk-stored-for-host-A-7731';

interface ModelsHost {
  base: string;
  seen: IncomingHttpHeaders[];
  server: Server;
}

async function modelsHost(): Promise<ModelsHost> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: [{ id: 'm1' }] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen, server };
}

let home: TempHome;
let core: Core;
let host: WebHost;
let ui: string;
let hostA: ModelsHost;
let hostB: ModelsHost;
let ws: WebSocket;
let nextId = 1;
const answers = new Map<number, (result: any) => void>();

function call(channel: string, payload?: unknown): Promise<any> {
  const id = nextId++;
  return new Promise((resolve) => {
    answers.set(id, resolve);
    ws.send(JSON.stringify({ id, channel, payload }));
  });
}

beforeAll(async () => {
  hostA = await modelsHost();
  hostB = await modelsHost();
  home = makeTempHome({ providers: { test: { apiKey: KEY, baseUrl: hostA.base } }, agent: { provider: 'test', model: 'm1' }, heartbeat: { enable: false }, tools: { approval: { mode: 'ask' } } });
  const created = createCore({ host: 'web', home: home.home, env: {} });
  if (!created.ok) throw new Error(created.error);
  core = created.value;
  ui = mkdtempSync(join(tmpdir(), 'nanotray-ui-'));
  writeFileSync(join(ui, 'index.html'), '<!doctype html>');
  const started = await startWebHost({ core, rendererDir: ui, logError: () => undefined });
  if (!started.ok) throw new Error(started.error);
  host = started.value;
  ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=${host.token}`, { origin: `http://127.0.0.1:${host.port}` });
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data));
    if (typeof frame.id === 'number') answers.get(frame.id)?.(frame.result);
  });
  await new Promise((r) => ws.once('open', r));
});

afterAll(async () => {
  ws?.close();
  await host?.close();
  await core?.dispose();
  for (const h of [hostA, hostB]) await new Promise((r) => h?.server.close(r));
  home?.cleanup();
  rmSync(ui, { recursive: true, force: true });
});

const authOf = (h: ModelsHost) => h.seen.map((s) => s.authorization);

describe('a stored provider key never follows the provider to another host', () => {
  it('the settings page sees the key as its last 4 characters only', async () => {
    const got = await call('settings:get');
    expect(got.value.config.providers.test.apiKey).toBe('…7731');
    expect(JSON.stringify(got)).not.toContain(KEY.slice(0, 8));
  });

  it('"Test connection" after moving the same host to another path still uses the key (same origin)', async () => {
    const masked = (await call('settings:get')).value.config.providers.test.apiKey;
    expect((await call('settings:update', { patch: { providers: { test: { apiKey: masked, baseUrl: hostA.base.replace(/\/v1$/, '/v2') } } } })).ok).toBe(true);
    expect((await call('settings:test-provider', { name: 'test' })).ok).toBe(true);
    expect(authOf(hostA)).toEqual([`Bearer ${KEY}`]);
  });

  it('moving to a new host with the masked key clears the key: the new host gets no Authorization at all', async () => {
    const masked = (await call('settings:get')).value.config.providers.test.apiKey;
    const updated = await call('settings:update', { patch: { providers: { test: { apiKey: masked, baseUrl: hostB.base } } } });
    expect(updated.value.config.providers.test).toMatchObject({ apiKey: '', hasApiKey: false, baseUrl: hostB.base });
    expect((await call('settings:get')).value.notes).toContain(
      'The API key of test was removed: its baseUrl now points to another host, and a stored key is never sent to a host it was not entered for. Enter the key again to use it there.',
    );
    expect((await call('settings:test-provider', { name: 'test' })).ok).toBe(true);
    expect(authOf(hostB)).toEqual([undefined]);
    expect(readFileSync(home.configFile, 'utf8')).not.toContain(KEY);
  });

  it('a key typed together with the new host is stored and sent there', async () => {
    const typed = await call('settings:update', { patch: { providers: { test: { apiKey: 'sk-typed-for-host-B-0042', baseUrl: hostB.base } } } });
    expect(typed.value.notes.join(' ')).not.toContain('was removed');
    await call('settings:test-provider', { name: 'test' });
    expect(authOf(hostB).at(-1)).toBe('Bearer sk-typed-for-host-B-0042');
    expect(JSON.stringify(hostB.seen)).not.toContain(KEY);
  });
});
