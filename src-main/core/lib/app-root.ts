// Finds the folder that holds resources/ and skills/, whether running from source, a bundle or a package.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The app root's folders of code that every run executes and git does not show: the built code (the CLI bundle and
 * its compiled-code cache, the desktop app's bundles) and the installed packages.
 */
export const APP_CODE_FOLDERS: readonly string[] = ['out', 'node_modules'];

function isAppRoot(dir: string): boolean {
  const pkg = join(dir, 'package.json');
  if (!existsSync(pkg)) return false;
  try {
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'nanotray';
  } catch {
    return false;
  }
}

/** Walks up from `start` (default: this module's folder) to the nanotray package root. */
export function findAppRoot(start?: string): string {
  const override = process.env.NANOTRAY_APP_ROOT;
  if (override) return resolve(override);
  let dir = start ?? dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (isAppRoot(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/**
 * Where the app's readable files (skills/, resources/) really are. Packaged, the app root is `…/app.asar`, an
 * archive that Electron's fs reads file by file but cannot open as a folder (the fenced file system does, and its
 * stats are made up on macOS and Windows); electron-builder unpacks those folders beside it (`asarUnpack`), so the
 * model reads real files at `…/app.asar.unpacked`. From source the two are one folder.
 */
export function readableAppRoot(appRoot: string): string {
  return /\.asar$/i.test(appRoot) ? `${appRoot}.unpacked` : appRoot;
}

/** True when a path lies inside an asar archive (a component named `*.asar`): no fenced root may be there. */
export function insideAsar(path: string): boolean {
  return path.split(/[\\/]+/).some((part) => /\.asar$/i.test(part));
}
