// The browser host: loopback only, Host/Origin/token checks on the WebSocket, the shared dispatcher
// (unknown channel, invalid payload), core events pushed to pages, and the static UI with a strict CSP.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import { startWebHost, type WebHost } from '../../../src-main/host/web/web-host';
import { makeTempHome, type TempHome } from '../../helpers/temp-home';
import { isOwnPort } from '../../../src-main/core/lib/own-ports';

interface Frame {
  id?: number;
  result?: { ok: boolean; value?: unknown; error?: { code: string; message: string } };
  event?: string;
  payload?: unknown;
}

function httpGet(port: number, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a socket; resolves with it, or with the HTTP status the upgrade was refused with. */
function connect(url: string, origin?: string): Promise<{ ws?: WebSocket; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    ws.on('open', () => resolve({ ws }));
    ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode }));
    ws.on('error', () => resolve({}));
  });
}

describe('browser host', () => {
  let home: TempHome;
  let core: Core;
  let host: WebHost;
  let uiDir: string;
  let origin: string;
  let wsUrl: string;

  beforeAll(async () => {
    home = makeTempHome({ heartbeat: { enable: false } });
    const created = createCore({ host: 'web', home: home.home, env: {} });
    if (!created.ok) throw new Error(created.error);
    core = created.value;
    uiDir = mkdtempSync(join(tmpdir(), 'nanotray-ui-'));
    mkdirSync(join(uiDir, 'assets'));
    writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>Nanotray</title>');
    writeFileSync(join(uiDir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(uiDir, 'assets', 'index-CiQ_LmG3.js'), 'console.log(2)');
    const started = await startWebHost({ core, rendererDir: uiDir, token: 'test-token-0123456789', version: '9.9.9', logError: () => undefined });
    if (!started.ok) throw new Error(started.error);
    host = started.value;
    origin = `http://127.0.0.1:${host.port}`;
    wsUrl = `ws://127.0.0.1:${host.port}/ws?token=test-token-0123456789`;
  });

  afterAll(async () => {
    await host?.close();
    await core?.dispose();
    home?.cleanup();
    rmSync(uiDir, { recursive: true, force: true });
  });

  it('prints a loopback URL carrying the token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=test-token-0123456789`);
  });

  it('generates a long random token when none is given', async () => {
    const other = await startWebHost({ core, rendererDir: uiDir, logError: () => undefined });
    if (!other.ok) throw new Error(other.error);
    expect(other.value.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // one of Nanotray's own ports while it listens: no sandboxed command's proxy connects to it
    expect(isOwnPort(other.value.port)).toBe(true);
    await other.value.close();
    expect(isOwnPort(other.value.port)).toBe(false);
  });

  it.each(['0.0.0.0', '192.168.1.5', '::'])('refuses to bind to %s', async (bind) => {
    const result = await startWebHost({ core, rendererDir: uiDir, bind });
    expect(result).toEqual({ ok: false, error: `Refusing to listen on ${bind}: the browser host only binds to loopback (127.0.0.1).` });
  });

  it('reports a busy port as a value', async () => {
    const result = await startWebHost({ core, rendererDir: uiDir, port: host.port });
    expect(result).toEqual({ ok: false, error: `Could not start the browser host: port ${host.port} is already in use; pick another with --port.` });
  });

  describe('WebSocket admission', () => {
    it.each([
      ['a missing token', (p: number) => `ws://127.0.0.1:${p}/ws`, (p: number) => `http://127.0.0.1:${p}`, 401],
      ['a wrong token', (p: number) => `ws://127.0.0.1:${p}/ws?token=test-token-0123456780`, (p: number) => `http://127.0.0.1:${p}`, 401],
      ['a foreign Origin', (p: number) => `ws://127.0.0.1:${p}/ws?token=test-token-0123456789`, () => 'http://evil.test', 403],
      ['no Origin', (p: number) => `ws://127.0.0.1:${p}/ws?token=test-token-0123456789`, () => undefined, 403],
      ['another path', (p: number) => `ws://127.0.0.1:${p}/socket?token=test-token-0123456789`, (p: number) => `http://127.0.0.1:${p}`, 404],
    ])('refuses %s', async (_what, url, originOf, status) => {
      const result = await connect(url(host.port), originOf(host.port));
      expect(result.status).toBe(status);
      expect(result.ws).toBeUndefined();
    });
  });

  describe('with an authenticated socket', () => {
    let ws: WebSocket;
    const frames: Frame[] = [];
    let nextId = 1;
    const call = (channel: string, payload?: unknown): Promise<Frame['result']> => {
      const id = nextId++;
      ws.send(JSON.stringify({ id, channel, payload }));
      return new Promise((resolve) => {
        const check = (): void => {
          const frame = frames.find((f) => f.id === id);
          if (frame) resolve(frame.result);
          else setTimeout(check, 5);
        };
        check();
      });
    };

    beforeAll(async () => {
      const result = await connect(wsUrl, origin);
      ws = result.ws!;
      ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
    });
    afterAll(() => ws?.close());

    it('counts the page as a client', () => {
      expect(host.clientCount()).toBe(1);
    });

    it('answers a valid call through the shared handlers', async () => {
      const result = await call('app:info');
      expect(result?.ok).toBe(true);
      expect(result?.value).toMatchObject({ host: 'web', home: home.home, configPath: join(home.home, 'config.json') });
    });

    it('refuses an unknown channel', async () => {
      expect(await call('shell:exec', { cmd: 'id' })).toEqual({ ok: false, error: { code: 'not_found', message: 'Unknown channel "shell:exec"' } });
    });

    it('refuses an invalid payload with the field named', async () => {
      const result = await call('chat:send', { sessionKey: 'desktop:a' });
      expect(result?.ok).toBe(false);
      expect(result?.error?.code).toBe('invalid_input');
      expect(result?.error?.message).toContain('Invalid input for chat:send');
      expect(result?.error?.message).toContain('text');
    });

    it('refuses a prototype-polluting payload', async () => {
      const result = await call('settings:update', JSON.parse('{"patch":{"__proto__":{"polluted":true}}}'));
      expect(result?.error).toEqual({ code: 'invalid_input', message: 'Invalid input for settings:update: patch.__proto__: this key name is not allowed' });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('pushes core events to the page', async () => {
      core.events.emit({ type: 'notify', title: 'Reminder', body: 'Stand up', sessionKey: 'cron:abc', kind: 'cron' });
      await expect.poll(() => frames.find((f) => f.event === 'core:event')).toEqual({
        event: 'core:event',
        payload: { type: 'notify', title: 'Reminder', body: 'Stand up', sessionKey: 'cron:abc', kind: 'cron' },
      });
    });

    it('turns app.showMainWindow into an app:navigate push', async () => {
      expect(await call('app:show-main-window', { view: 'chat', sessionKey: 'quick:default' })).toEqual({ ok: true, value: { shown: true } });
      await expect.poll(() => frames.find((f) => f.event === 'app:navigate')).toEqual({ event: 'app:navigate', payload: { view: 'chat', sessionKey: 'quick:default' } });
    });

    it('closes the socket on a malformed frame', async () => {
      const extra = (await connect(wsUrl, origin)).ws!;
      const closed = new Promise<number>((resolve) => extra.on('close', (code) => resolve(code)));
      extra.send('{"channel": 1}');
      expect(await closed).toBe(1003);
    });
  });

  describe('static UI', () => {
    it('serves index.html with the strict CSP and no-referrer', async () => {
      const res = await httpGet(host.port, '/?token=test-token-0123456789', { Host: `127.0.0.1:${host.port}` });
      expect(res.status).toBe(200);
      expect(res.body).toBe('<!doctype html><title>Nanotray</title>');
      expect(res.headers['content-security-policy']).toContain(`connect-src 'self' ws://127.0.0.1:${host.port} ws://localhost:${host.port}`);
      expect(res.headers['content-security-policy']).toContain("script-src 'self';");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
    });

    it('serves assets and 404s paths outside the UI folder', async () => {
      expect((await httpGet(host.port, '/assets/app.js')).body).toBe('console.log(1)');
      expect((await httpGet(host.port, '/../package.json')).status).toBe(404);
      expect((await httpGet(host.port, '/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
    });

    it('caches content-named assets for good, revalidates other files and never caches the page', async () => {
      const named = await httpGet(host.port, '/assets/index-CiQ_LmG3.js');
      expect([named.body, named.headers['cache-control']]).toEqual(['console.log(2)', 'private, max-age=31536000, immutable']);
      expect((await httpGet(host.port, '/assets/app.js')).headers['cache-control']).toBe('no-cache');
      const page = await httpGet(host.port, '/?token=test-token-0123456789', { Host: `127.0.0.1:${host.port}` });
      expect(page.headers['cache-control']).toBe('no-store');
    });

    it('says whether a token is accepted (204) or refused (401), without serving anything else there', async () => {
      const ok = await httpGet(host.port, '/auth-check?token=test-token-0123456789', { Host: `127.0.0.1:${host.port}` });
      expect([ok.status, ok.body, ok.headers['cache-control']]).toEqual([204, '', 'no-store']);
      expect((await httpGet(host.port, '/auth-check?token=test-token-0123456780')).status).toBe(401);
      expect((await httpGet(host.port, '/auth-check')).status).toBe(401);
      expect((await httpGet(host.port, '/auth-check?token=test-token-0123456789', { Host: 'evil.test' })).status).toBe(421);
    });

    it('refuses a foreign Host header (DNS rebinding) and non-GET methods', async () => {
      expect((await httpGet(host.port, '/', { Host: 'evil.test' })).status).toBe(421);
      expect((await httpGet(host.port, '/', {}, 'POST')).status).toBe(405);
    });
  });
});
