// What a sandboxed MCP server's plan binds: its data folder writable over the hidden home, the workspace read-only or
// hidden, and, where the workspace shows the home, Nanotray's doors and the other servers' data hidden again.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planMcpSandbox } from '../../../../src-main/core/mcp/sandbox/mcp-sandbox-plan';
import { dataFolderName } from '../../../../src-main/core/mcp/sandbox/stdio-launch';
import { sbplString, seatbeltProfile } from '../../../../src-main/core/tools/os-sandbox/seatbelt-profile';
import { bwrapInvocation } from '../../../../src-main/core/tools/os-sandbox/bwrap-argv';

let home: string;
let userHome: string;
beforeEach(() => {
  home = realpathSync(mkdtempSync(join(tmpdir(), 'nanotray-mcp-plan-')));
  userHome = realpathSync(mkdtempSync(join(tmpdir(), 'nanotray-mcp-user-')));
  for (const dir of ['workspace', 'run', 'mcp-data/a', 'mcp-data/b']) mkdirSync(join(home, dir), { recursive: true });
  for (const file of ['config.json', 'mcp-auth.json']) writeFileSync(join(home, file), '{}');
  mkdirSync(join(userHome, '.ssh'));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(userHome, { recursive: true, force: true });
});

const plan = (workspace: string, workspaceAccess: 'read-only' | 'hidden' = 'read-only') =>
  planMcpSandbox({ dataDir: join(home, 'mcp-data', 'a'), workspace, workspaceAccess, cwd: join(home, 'mcp-data', 'a'), nanotrayHome: home, userHome });

const kinds = (p: ReturnType<typeof plan>) => p.mounts.map((m) => `${m.kind} ${m.path.replace(home, '<home>').replace(userHome, '<user>')}`);

describe('planMcpSandbox', () => {
  it('binds the data folder writable and the workspace read-only over the hidden home, with no network', () => {
    const p = plan(join(home, 'workspace'));
    // no network of the host: its own namespace (egress, when given, comes only through the proxy's bridge)
    expect(bwrapInvocation('/usr/bin/bwrap', p, { file: '/bin/sh', args: [] }).args).toContain('--unshare-net');
    expect(p.cwd).toBe(join(home, 'mcp-data', 'a'));
    const list = kinds(p);
    expect(list.indexOf('hide-dir <home>')).toBeLessThan(list.indexOf('read-only <home>/workspace'));
    expect(list.indexOf('hide-dir <home>')).toBeLessThan(list.indexOf('writable <home>/mcp-data/a'));
    expect(list).toContain('hide-dir <user>/.ssh');
    expect(list.filter((m) => m.startsWith('writable'))).toEqual(['writable <home>/mcp-data/a']);
  });

  it("on macOS the workspace stays readable inside the hidden home, and not writable (the seatbelt profile's later rules win)", () => {
    const workspace = join(home, 'workspace');
    const lines = seatbeltProfile(plan(workspace)).split('\n');
    const hide = lines.findIndex((l) => l.startsWith('(deny file-read* file-write* (require-all (subpath ' + sbplString(home) + ')'));
    expect(hide).toBeGreaterThan(0);
    expect(lines.indexOf(`(allow file-read* (subpath ${sbplString(workspace)}))`)).toBeGreaterThan(hide);
    expect(lines).toContain(`(deny file-write* (subpath ${sbplString(workspace)}))`);
  });

  it('hides the workspace when asked to', () => {
    expect(kinds(plan(join(home, 'workspace'), 'hidden'))).toContain('hide-dir <home>/workspace');
  });

  it("a workspace that is the home shows it read-only, with its secrets, doors and the other servers' data hidden", () => {
    const list = kinds(plan(home));
    expect(list).toContain('read-only <home>');
    expect(list).not.toContain('hide-dir <home>');
    for (const hidden of ['hide-file <home>/config.json', 'hide-file <home>/mcp-auth.json', 'hide-dir <home>/run', 'hide-dir <home>/mcp-data']) {
      expect(list).toContain(hidden);
      expect(list.indexOf(hidden)).toBeGreaterThan(list.indexOf('read-only <home>'));
    }
    expect(list.indexOf('writable <home>/mcp-data/a')).toBeGreaterThan(list.indexOf('hide-dir <home>/mcp-data'));
  });
});

describe('dataFolderName', () => {
  it('keeps a plain name and gives every other name a hash of its own', () => {
    expect(dataFolderName('files')).toBe('files');
    expect(dataFolderName('my.files')).toMatch(/^my_files-[0-9a-f]{8}$/);
    expect(dataFolderName('Files')).not.toBe(dataFolderName('files'));
    expect(dataFolderName('..')).toMatch(/^__-[0-9a-f]{8}$/);
  });

  it("keeps an installed extension's code read-only to its own server, in a real sandbox", () => {
    const data = join(home, 'mcp-data', 'a');
    mkdirSync(join(data, 'extension'));
    writeFileSync(join(data, 'extension', 'server.js'), 'original');
    const p = plan(join(home, 'workspace'));
    const list = kinds(p);
    expect(list.indexOf('writable <home>/mcp-data/a')).toBeLessThan(list.indexOf('read-only <home>/mcp-data/a/extension'));
    const script = `echo rewritten > ${data}/extension/server.js; echo kept > ${data}/state.txt; echo done`;
    const run = bwrapInvocation('/usr/bin/bwrap', p, { file: '/bin/sh', args: ['-c', script] });
    const result = spawnSync(run.file, run.args, { encoding: 'utf8' });
    expect(result.stdout).toContain('done');
    expect(result.stderr).toMatch(/Read-only file system/);
    expect(readFileSync(join(data, 'extension', 'server.js'), 'utf8')).toBe('original');
    expect(existsSync(join(data, 'state.txt'))).toBe(true);
  });
});
