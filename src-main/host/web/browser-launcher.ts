// `nanotray web --open` without the access token in any process's argv: the token URL goes into a 0600
// launcher page in an owner-only folder, and only that page's path is handed to the opener (xdg-open,
// open, start or $BROWSER), whose command line every local user can read in /proc.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, rmSync, constants } from 'node:fs';
import { writeAll } from '../../core/lib/atomic-write';
import { join } from 'node:path';
import { privateFolder } from '../../core/lib/private-files';

export interface Launcher {
  /** The launcher page (mode 0600); it holds the token until removed. */
  path: string;
  /** Deletes the page (idempotent). */
  remove(): void;
}

function htmlAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The page: it sends the browser on to `url` at once and keeps no referrer. */
export function launcherPage(url: string): string {
  const attr = htmlAttr(url);
  return [
    '<!doctype html>',
    '<meta charset="utf-8"><meta name="referrer" content="no-referrer">',
    `<meta http-equiv="refresh" content="0;url=${attr}">`,
    '<title>Opening Nanotray…</title>',
    `<script>location.replace(${JSON.stringify(url).replace(/</g, '\\u003c')})</script>`,
    `<p>Opening Nanotray… <a href="${attr}">Continue</a></p>`,
    '',
  ].join('\n');
}

/** Writes a fresh launcher page for `url` into `dir` (made owner-only), created exclusively with mode 0600. */
export function writeLauncher(dir: string, url: string): Launcher {
  privateFolder(dir);
  const path = join(dir, `open-${randomBytes(8).toString('hex')}.html`);
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  try {
    writeAll(fd, Buffer.from(launcherPage(url), 'utf8'));
  } catch (err) {
    rmSync(path, { force: true });
    throw err;
  } finally {
    closeSync(fd);
  }
  let removed = false;
  return {
    path,
    remove() {
      if (removed) return;
      removed = true;
      rmSync(path, { force: true });
    },
  };
}

/** The program and arguments that open `file` in the browser: $BROWSER when set, else the platform's opener. */
export function openerFor(file: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): [string, string[]] {
  const browser = env.BROWSER?.split(':').find((c) => c.trim());
  if (browser) {
    const [cmd = browser, ...args] = browser.trim().split(/\s+/);
    return args.includes('%s') ? [cmd, args.map((a) => (a === '%s' ? file : a))] : [cmd, [...args, file]];
  }
  if (platform === 'darwin') return ['open', [file]];
  if (platform === 'win32') return ['cmd', ['/c', 'start', '', file]];
  return ['xdg-open', [file]];
}

/** Starts the opener detached; a missing opener is not an error (the URL was printed). */
export function openFile(file: string, env: NodeJS.ProcessEnv): void {
  const [cmd, args] = openerFor(file, env);
  try {
    const child = spawn(cmd, args, { detached: true, stdio: 'ignore', env });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // The URL is printed anyway.
  }
}
