// A fixture server bundled into one file under /var/tmp. A sandboxed MCP server sees no /tmp of the machine (its own
// is private), so a fixture in a checkout under /tmp, and the packages it imports, would not be there: bundled out of
// /tmp, the tests run wherever the checkout is.
import { mkdtempSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';

const built = new Map<string, Promise<string>>();
let folder: string | undefined;

/** The bundled copy of `entry` (made once per test process, removed when it exits). */
export function fixtureOutsideTmp(entry: string): Promise<string> {
  let pending = built.get(entry);
  if (!pending) {
    if (!folder) {
      const made = mkdtempSync('/var/tmp/nanotray-fixtures-');
      folder = made;
      process.once('exit', () => rmSync(made, { recursive: true, force: true }));
    }
    const outfile = join(folder, basename(entry).replace(/\.[cm]?[jt]s$/, '.mjs'));
    pending = build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      logLevel: 'silent',
    }).then(() => outfile);
    built.set(entry, pending);
  }
  return pending;
}
