// `npm start` without the Electron binary and no way to download it: one clear message (the reason, a proxy,
// ELECTRON_MIRROR, the browser host meanwhile), exit 1, no stack trace; a binary in place starts electron-vite.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { downloadFailureMessage, downloadReason, ensureElectron } from '../../scripts/start-electron.mjs';

const SCRIPT = resolve(__dirname, '../../scripts/start-electron.mjs');
let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'nanotray-start-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for electron/install.js that fails like @electron/get does offline. */
function failingInstaller(): string {
  const file = join(dir, 'install.js');
  writeFileSync(file, "console.error('TypeError: fetch failed\\n    at node:internal/deps/undici/undici:14976:13\\n    at async FetchDownloader.download (x.js:46:30)'); process.exit(1);\n");
  return file;
}

describe('npm start without the Electron binary', () => {
  it('names the reason and the ways on, without the stack', () => {
    const result = ensureElectron(failingInstaller()) as { ok: boolean; message?: string };
    expect(result.ok).toBe(false);
    expect(result.message).toBe(downloadFailureMessage('TypeError: fetch failed'));
    expect(result.message).toContain('HTTPS_PROXY');
    expect(result.message).toContain('ELECTRON_MIRROR');
    expect(result.message).toContain('npx nanotray web --open');
    expect(result.message).not.toContain('undici');
  });

  it('reads the error line out of other installer outputs too', () => {
    expect(downloadReason('HTTPError: Response code 404 (Not Found) for https://x/electron.zip\n    at foo')).toBe('HTTPError: Response code 404 (Not Found) for https://x/electron.zip');
    expect(downloadReason('\n\n')).toBe('no reason given');
  });

  it('a binary in place: the installer succeeds and nothing is said', () => {
    const file = join(dir, 'ok.js');
    writeFileSync(file, 'process.exit(0);\n');
    expect(ensureElectron(file)).toEqual({ ok: true });
  });

  it('as npm start runs it here (no Electron download reachable): exit 1 with the message on stderr', () => {
    const run = spawnSync(process.execPath, [SCRIPT, 'start'], {
      encoding: 'utf8',
      // A mirror that refuses at once: the same outcome on a machine with network access, and no download.
      env: { ...process.env, ELECTRON_MIRROR: 'http://127.0.0.1:9/', ELECTRON_OVERRIDE_DIST_PATH: join(dir, 'missing'), electron_config_cache: dir },
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Nanotray: the Electron binary could not be downloaded \(.+\)\.\n/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 70_000);
});
