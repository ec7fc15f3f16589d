// `nanotray web`: argument checks, a clear message when the UI is not built, and a running host that prints
// its tokenised loopback URL and stops cleanly.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runWeb } from '../../../../src-main/host/cli/commands/web.command';
import { captureIo, useCliHarness } from '../cli-harness';
import { get as httpGet } from 'node:http';

const t = useCliHarness({ approvalMode: 'auto' });

/** The status of a GET on its own connection (no keep-alive pool). */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

describe('nanotray web', () => {
  let appRoot: string;
  const savedRoot = process.env.NANOTRAY_APP_ROOT;

  beforeEach(() => {
    t.openBare({ heartbeat: { enable: false } });
    appRoot = mkdtempSync(join(tmpdir(), 'nanotray-approot-'));
    process.env.NANOTRAY_APP_ROOT = appRoot;
  });
  afterEach(() => {
    if (savedRoot === undefined) delete process.env.NANOTRAY_APP_ROOT;
    else process.env.NANOTRAY_APP_ROOT = savedRoot;
    rmSync(appRoot, { recursive: true, force: true });
  });

  it('rejects a bad port', async () => {
    const io = captureIo(t.env());
    expect(await runWeb(['--port', '99999'], io)).toBe(2);
    expect(io.err()).toBe('nanotray web: --port must be a number between 0 and 65535 (got "99999").\n');
  });

  it('says how to build the UI when it is missing', async () => {
    const io = captureIo(t.env());
    expect(await runWeb([], io)).toBe(1);
    expect(io.err()).toBe(
      `nanotray web: the UI is not built (${join(appRoot, 'out', 'renderer')}/index.html is missing). Build it with \`npx electron-vite build\` (or \`npm run build\`) in ${appRoot}, then run \`nanotray web\` again.\n`,
    );
  });

  it('refuses a non-loopback --host', async () => {
    mkdirSync(join(appRoot, 'out', 'renderer'), { recursive: true });
    writeFileSync(join(appRoot, 'out', 'renderer', 'index.html'), '<!doctype html>');
    const io = captureIo(t.env());
    expect(await runWeb(['--host', '0.0.0.0'], io)).toBe(1);
    expect(io.err()).toBe('nanotray web: Refusing to listen on 0.0.0.0: the browser host only binds to loopback (127.0.0.1).\n');
  });

  it('serves the UI, prints the tokenised URL and stops on abort', async () => {
    mkdirSync(join(appRoot, 'out', 'renderer'), { recursive: true });
    writeFileSync(join(appRoot, 'out', 'renderer', 'index.html'), '<!doctype html><title>ui</title>');
    const io = captureIo(t.env());
    const stop = new AbortController();
    let url = '';
    const running = runWeb([], io, {
      signal: stop.signal,
      onReady: (u) => {
        url = u;
      },
    });
    await expect.poll(() => url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{32}$/);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<!doctype html><title>ui</title>');
    stop.abort();
    expect(await running).toBe(0);
    expect(io.out()).toBe(`Nanotray is running at ${url}\nOnly this machine can connect; the token in the URL is the key. Press Ctrl+C to stop.\n`);
    await expect(fetch(url)).rejects.toThrow();
  });

  it('keeps its port and token for the next run, so open tabs reconnect; --new-token refuses the old ones', async () => {
    mkdirSync(join(appRoot, 'out', 'renderer'), { recursive: true });
    writeFileSync(join(appRoot, 'out', 'renderer', 'index.html'), '<!doctype html><title>ui</title>');
    const runOnce = async (args: string[]): Promise<{ url: string; io: ReturnType<typeof captureIo> }> => {
      const io = captureIo(t.env());
      const stop = new AbortController();
      let url = '';
      const running = runWeb(args, io, { signal: stop.signal, onReady: (u) => (url = u) });
      await expect.poll(() => url).not.toBe('');
      // A new connection each time: the next run listens on the same port, and a pooled keep-alive socket to the
      // previous server would be found closed ("other side closed").
      expect(await statusOf(url.replace('/?token=', '/auth-check?token='))).toBe(204);
      stop.abort();
      expect(await running).toBe(0);
      return { url, io };
    };
    const first = await runOnce([]);
    const state = join(t.home.home, 'run', 'web-host.json');
    expect(statSync(state).mode & 0o777).toBe(0o600);
    expect(statSync(join(t.home.home, 'run')).mode & 0o777).toBe(0o700);
    const second = await runOnce([]);
    expect(second.url).toBe(first.url);
    const third = await runOnce(['--new-token']);
    expect(new URL(third.url).port).toBe(new URL(first.url).port);
    expect(third.url).not.toBe(first.url);
    expect(JSON.parse(readFileSync(state, 'utf8')).token).toBe(new URL(third.url).searchParams.get('token'));
  });

  it('starts on a free port (and says so) when the last run\'s port is taken', async () => {
    mkdirSync(join(appRoot, 'out', 'renderer'), { recursive: true });
    writeFileSync(join(appRoot, 'out', 'renderer', 'index.html'), '<!doctype html>');
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as { port: number }).port;
    mkdirSync(join(t.home.home, 'run'), { recursive: true, mode: 0o700 });
    writeFileSync(join(t.home.home, 'run', 'web-host.json'), JSON.stringify({ port: taken, token: 'x'.repeat(32) }), { mode: 0o600 });
    try {
      const io = captureIo(t.env());
      const stop = new AbortController();
      let url = '';
      const running = runWeb([], io, { signal: stop.signal, onReady: (u) => (url = u) });
      await expect.poll(() => url).not.toBe('');
      expect(new URL(url).port).not.toBe(String(taken));
      expect(new URL(url).searchParams.get('token')).toBe('x'.repeat(32));
      expect(io.err()).toContain(`port ${taken} (the last run's) is taken`);
      stop.abort();
      expect(await running).toBe(0);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });
});
