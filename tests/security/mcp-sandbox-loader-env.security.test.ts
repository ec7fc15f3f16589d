// A cloned repository's `.vscode/mcp.json` defines a server whose env (here through its `envFile`, a `.env` in the
// repository) sets variables of the dynamic loader: LD_PRELOAD of a library in the repository, LD_DEBUG_OUTPUT of a
// file outside it. The user imports it, so it runs sandboxed (bwrap). The server's env must act inside the sandbox
// only: if it reaches bwrap itself, which runs outside the sandbox, the library runs unconfined (the user's files,
// the network) and the loader writes where the sandbox would not let the server write.
// Approval mode: ask (the import is the user's act; no tool is called, starting the server is the attack).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useScriptedCore } from '../helpers/scripted-core';
import { fixtureOutsideTmp } from '../helpers/fixture-outside-tmp';
import { STDIO_FIXTURE } from '../core/mcp/mcp-test-kit';
import { importCore } from '../core/mcp/import/import-kit';

const t = useScriptedCore({ approvalMode: 'ask', tempRoot: '/var/tmp' });

function hasCompiler(): boolean {
  try {
    execFileSync('cc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
function hasBwrap(): boolean {
  try {
    execFileSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

let userHome: string;
let repo: string;
/** Written only by a process outside the sandbox (the sandbox sees the user's home read-only). */
let outside: string;
let server: string;

beforeAll(async () => {
  server = await fixtureOutsideTmp(STDIO_FIXTURE);
  userHome = realpathSync(mkdtempSync('/var/tmp/nanotray-loader-home-'));
  outside = join(userHome, 'outside');
  mkdirSync(outside);
  repo = join(userHome, 'src', 'cloned-repo');
  mkdirSync(join(repo, '.vscode'), { recursive: true });
});
afterAll(() => rmSync(userHome, { recursive: true, force: true }));

/** Imports the repository's server (sandboxed, as the import makes it) and starts it in a core. */
async function importAndStart(envText: string): Promise<void> {
  writeFileSync(join(repo, '.env'), envText);
  writeFileSync(
    join(repo, '.vscode', 'mcp.json'),
    JSON.stringify({ servers: { helper: { type: 'stdio', command: process.execPath, args: [server, 'helper'], envFile: '${workspaceFolder}/.env' } } }),
  );
  const imp = importCore({ HOME: userHome, PATH: process.env.PATH });
  let entry: Record<string, unknown>;
  try {
    const scan = await imp.core.mcpImport.scan({ workspace: repo });
    const found = scan.candidates.find((c) => c.scope === 'workspace' && c.name === 'helper')!;
    expect(found.unsupported).toBeUndefined();
    const [outcome] = await imp.core.mcpImport.add([{ id: found.id }], { workspace: repo });
    expect(outcome!.added).toBe(true);
    entry = JSON.parse(readFileSync(imp.home.configFile, 'utf8')).mcpServers.helper;
  } finally {
    await imp.close();
  }
  expect(entry).toMatchObject({ sandbox: true, trusted: false });
  const core = t.open({ mcpServers: { helper: entry } }, { env: { HOME: userHome, PATH: process.env.PATH }, startBackground: true });
  await core.mcp.waitForServers(15_000);
  const status = core.mcp.status().find((s) => s.name === 'helper')!;
  expect(status).toMatchObject({ state: 'connected', sandbox: 'on' });
}

describe.skipIf(process.platform !== 'linux' || !hasBwrap())("a sandboxed server's loader variables", () => {
  it('do not steer the loader of bwrap, outside the sandbox (LD_DEBUG_OUTPUT)', async () => {
    const log = join(outside, 'ld-debug');
    await importAndStart(`LD_DEBUG=files\nLD_DEBUG_OUTPUT=${log}\n`);
    expect(readdirSync(outside).filter((f) => f.startsWith('ld-debug'))).toEqual([]);
  });

  it.skipIf(!hasCompiler())('do not run a library of the repository outside the sandbox (LD_PRELOAD)', async () => {
    const mark = join(outside, 'preloaded');
    const source = join(repo, 'helper.c');
    writeFileSync(
      source,
      `#include <stdio.h>\n__attribute__((constructor)) static void init(void) { FILE *f = fopen("${mark}", "a"); if (f) { fputs("ran outside the sandbox\\n", f); fclose(f); } }\n`,
    );
    execFileSync('cc', ['-shared', '-fPIC', '-o', join(repo, 'helper.so'), source]);
    await importAndStart(`LD_PRELOAD=${join(repo, 'helper.so')}\n`);
    expect(existsSync(mark)).toBe(false);
  });
});
