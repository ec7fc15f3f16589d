// `nanotray web --open` for real, with the opener (xdg-open) stubbed on PATH by a script that records its
// own /proc cmdline and then starts real Chromium on what it was given: the token is in no process's argv,
// the launcher page is 0600 in a 0700 folder, the browser still arrives, and the page is gone after.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chromiumPath, CHROMIUM_ARGS } from '../e2e/helpers/chromium';
import { makeTempHome, type TempHome } from '../helpers/temp-home';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin', 'nanotray.mjs');

const OPENER = `#!/bin/sh
tr '\\0' '\\n' < /proc/$$/cmdline > "$REC/cmdline"
stat -c '%a' "$1" > "$REC/file-mode"
stat -c '%a' "$(dirname "$1")" > "$REC/dir-mode"
echo $$ > "$REC/pid"
exec "$CHROMIUM" $CHROMIUM_FLAGS --user-data-dir="$REC/profile" "file://$1"
`;

let home: TempHome | undefined;
let scratch = '';
let web: ChildProcess | undefined;
let browserPid = 0;
afterEach(() => {
  // The opener was started detached (its own process group): end Chromium's whole tree.
  if (browserPid) {
    try {
      process.kill(-browserPid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  browserPid = 0;
  if (web && web.exitCode === null && web.signalCode === null) web.kill('SIGKILL');
  home?.cleanup();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function until<T>(probe: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Every process's command line on this machine, as text. */
function allCommandLines(): string[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        return [readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')];
      } catch {
        return [];
      }
    });
}

describe('nanotray web --open', () => {
  it('hands the opener a private launcher page, never the token', async () => {
    home = makeTempHome({ heartbeat: { enable: false }, tools: { approval: { mode: 'ask' } } });
    scratch = mkdtempSync(join(tmpdir(), 'nanotray-opener-'));
    const rec = join(scratch, 'rec');
    const bin = join(scratch, 'bin');
    mkdirSync(rec);
    mkdirSync(bin);
    writeFileSync(join(bin, 'xdg-open'), OPENER);
    chmodSync(join(bin, 'xdg-open'), 0o755);

    web = spawn(process.execPath, [BIN, 'web', '--open'], {
      cwd: ROOT,
      env: {
        PATH: `${bin}:${process.env.PATH}`,
        HOME: home.home,
        NANOTRAY_HOME: home.home,
        REC: rec,
        CHROMIUM: chromiumPath(),
        CHROMIUM_FLAGS: CHROMIUM_ARGS.join(' '),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    web.stdout!.on('data', (d) => (stdout += d));
    const token = await until(() => /\?token=([A-Za-z0-9_-]+)/.exec(stdout)?.[1], 'the printed URL');
    browserPid = Number(await until(() => (existsSync(join(rec, 'pid')) ? readFileSync(join(rec, 'pid'), 'utf8').trim() || undefined : undefined), 'the opener'));

    const argv = readFileSync(join(rec, 'cmdline'), 'utf8').trim().split('\n');
    const page = argv.at(-1)!;
    expect(page.startsWith(join(home.home, 'run', 'open-'))).toBe(true);
    expect(argv.join(' ')).not.toContain(token);
    expect(readFileSync(join(rec, 'file-mode'), 'utf8').trim()).toBe('600');
    expect(readFileSync(join(rec, 'dir-mode'), 'utf8').trim()).toBe('700');

    // The real browser follows the page to the host and connects; then the page (and the token in it) is gone.
    await until(() => (existsSync(page) ? undefined : true), 'the browser to connect and the launcher page to go');
    // What stays is the host's own record (port and token, so open tabs reconnect after a restart): owner-only.
    const left = readdirSync(join(home.home, 'run'));
    expect(left.filter((name) => name.startsWith('open-'))).toEqual([]);
    for (const name of left) expect((statSync(join(home.home, 'run', name)).mode & 0o777).toString(8)).toBe('600');
    expect(allCommandLines().filter((line) => line.includes(token))).toEqual([]);
  });
});
