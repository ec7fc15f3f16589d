// Builds a tiny stand-in UI (fixtures/stub-page.ts bundled with esbuild) for transport-level e2e tests that
// must not depend on the real renderer.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { contractDefines } from '../../../scripts/contract-defines';

const HTML = `<!doctype html><html><head><meta charset="utf-8"><title>stub</title></head>
<body><p id="status">loading</p><input id="input"><button id="send">Send</button>
<div id="answer"></div><pre id="events"></pre><script type="module" src="./stub.js"></script></body></html>`;

/** Returns a directory with index.html + stub.js. */
export async function buildStubRenderer(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'nanotray-stub-ui-'));
  await build({
    entryPoints: [resolve(__dirname, '../fixtures/stub-page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    outfile: join(dir, 'stub.js'),
    alias: { '@contract': resolve(__dirname, '../../../src-preload/contract') },
    define: contractDefines(),
    logLevel: 'silent',
  });
  writeFileSync(join(dir, 'index.html'), HTML);
  return dir;
}
