// `nanotray web`: argument checks, a clear message when the UI is not built, and a running host that prints
// its tokenised loopback URL and stops cleanly.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runWeb } from '../../../../src-main/host/cli/commands/web.command';
import type { CliIo } from '../../../../src-main/host/cli/cli-command';
import { makeTempHome, type TempHome } from '../../../helpers/temp-home';

function captureIo(env: NodeJS.ProcessEnv): { io: CliIo; out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  return { io: { stdout, stderr, stdin: new PassThrough(), env, isTty: false }, out: () => out, err: () => err };
}

describe('nanotray web', () => {
  let home: TempHome;
  let appRoot: string;
  const savedRoot = process.env.NANOTRAY_APP_ROOT;

  beforeEach(() => {
    home = makeTempHome({ heartbeat: { enable: false } });
    appRoot = mkdtempSync(join(tmpdir(), 'nanotray-approot-'));
    process.env.NANOTRAY_APP_ROOT = appRoot;
  });
  afterEach(() => {
    if (savedRoot === undefined) delete process.env.NANOTRAY_APP_ROOT;
    else process.env.NANOTRAY_APP_ROOT = savedRoot;
    home.cleanup();
    rmSync(appRoot, { recursive: true, force: true });
  });

  it('rejects a bad port', async () => {
    const { io, err } = captureIo({ NANOTRAY_HOME: home.home });
    expect(await runWeb(['--port', '99999'], io)).toBe(2);
    expect(err()).toBe('nanotray web: --port must be a number between 0 and 65535 (got "99999").\n');
  });

  it('says how to build the UI when it is missing', async () => {
    const { io, err } = captureIo({ NANOTRAY_HOME: home.home });
    expect(await runWeb([], io)).toBe(1);
    expect(err()).toBe(
      `nanotray web: the UI is not built (${join(appRoot, 'out', 'renderer')}/index.html is missing). Build it with \`npx electron-vite build\` (or \`npm run build\`) in ${appRoot}, then run \`nanotray web\` again.\n`,
    );
  });

  it('refuses a non-loopback --host', async () => {
    mkdirSync(join(appRoot, 'out', 'renderer'), { recursive: true });
    writeFileSync(join(appRoot, 'out', 'renderer', 'index.html'), '<!doctype html>');
    const { io, err } = captureIo({ NANOTRAY_HOME: home.home });
    expect(await runWeb(['--host', '0.0.0.0'], io)).toBe(1);
    expect(err()).toBe('nanotray web: Refusing to listen on 0.0.0.0: the browser host only binds to loopback (127.0.0.1).\n');
  });

  it('serves the UI, prints the tokenised URL and stops on abort', async () => {
    mkdirSync(join(appRoot, 'out', 'renderer'), { recursive: true });
    writeFileSync(join(appRoot, 'out', 'renderer', 'index.html'), '<!doctype html><title>ui</title>');
    const { io, out } = captureIo({ NANOTRAY_HOME: home.home });
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
    expect(out()).toBe(`Nanotray is running at ${url}\nOnly this machine can connect; the token in the URL is the key. Press Ctrl+C to stop.\n`);
    await expect(fetch(url)).rejects.toThrow();
  });
});
