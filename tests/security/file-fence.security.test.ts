// Attacks on the file fence through the real agent loop: hard links, symlinks, `..`, other spellings and
// /proc lead to Nanotray's own files (config.json with the key, nanotray.db*) and are refused, with the
// fence on and off; a symlink hop plus many missing levels no longer escapes the write fence.
import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useScriptedCore } from '../helpers/scripted-core';
import type { ScriptedToolCall } from '../helpers/scripted-llm-server';
import { expectNoLeak, watchLeaks, type LeakWatch } from './helpers/leak-watch';

const KEY = 'sk-live-Hh7Jj8Kk9Ll0Mm1Nn2Pp3Qq';
const t = useScriptedCore({ approvalMode: 'auto' });
let watch: LeakWatch | undefined;
const outsides: string[] = [];
afterEach(() => {
  watch?.stop();
  for (const dir of outsides.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A core whose config.json holds KEY; `extra` may move the workspace or lift the fence. */
function openCore(extra: Record<string, unknown> = {}) {
  const core = t.open({ providers: { test: { apiKey: KEY, baseUrl: t.llm.baseUrl } }, ...extra });
  watch = watchLeaks(core, t.llm);
  return core;
}

async function attack(calls: ScriptedToolCall[]): Promise<string[]> {
  t.llm.enqueue({ toolCalls: calls }, { text: 'done' });
  const result = await t.core.sessions.run({ sessionKey: 'cli:fence', text: 'go', interactive: false, source: 'user' });
  expect(result.stopReason).toBe('completed');
  const body = t.llm.requests.at(-1)!.body as { messages: Array<{ role: string; content: unknown }> };
  return body.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
}

const OWN_FILE = /one of Nanotray's own files/;

function outsideDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nanotray-outside-'));
  outsides.push(dir);
  return dir;
}

describe("Nanotray's own files stay out of the file tools' reach", () => {
  it('read_file of a hard link to config.json (the default workspace lies inside the home)', async () => {
    const core = openCore();
    linkSync(core.paths.configFile, join(core.workspace(), 'innocent.txt'));
    const [result] = await attack([{ name: 'read_file', arguments: { path: 'innocent.txt' } }]);
    expect(result).toMatch(OWN_FILE);
    expectNoLeak(watch!, [KEY]);
  });

  it('hard links under other spellings: upper case, a name starting with "..", Unicode look-alikes, NFD', async () => {
    const core = openCore();
    const names = ['CONFIG.JSON', '..config.json', 'ｃonfig.json', 'cafe\u0301.db', '...'];
    for (const name of names) linkSync(core.paths.configFile, join(core.workspace(), name));
    const results = await attack(names.map((path) => ({ name: 'read_file', arguments: { path } })));
    for (const r of results) expect(r).toMatch(OWN_FILE);
    expectNoLeak(watch!, [KEY]);
  });

  it('with the workspace set to the home itself: config.json, nanotray.db, -wal and -shm by name, and `..` routes to them', async () => {
    const core = openCore({ agent: { workspace: '.' } });
    mkdirSync(join(core.workspace(), 'sub'), { recursive: true });
    expect(existsSync(join(core.paths.home, 'nanotray.db-wal'))).toBe(true);
    const results = await attack([
      { name: 'read_file', arguments: { path: 'config.json' } },
      { name: 'read_file', arguments: { path: 'nanotray.db-wal' } },
      { name: 'read_file', arguments: { path: 'sub/../nanotray.db-shm' } },
      { name: 'edit_file', arguments: { path: 'config.json', old_text: 'sk-', new_text: 'pk-' } },
      { name: 'write_file', arguments: { path: 'nanotray.db', content: 'gone' } },
    ]);
    for (const r of results) expect(r).toMatch(OWN_FILE);
    expect(readFileSync(core.paths.configFile, 'utf8')).toContain(KEY);
    expectNoLeak(watch!, [KEY]);
  });

  it('with the fence off: absolute paths, ~-free `..` walks and symlinks to the home files are refused all the same', async () => {
    const core = openCore({ tools: { restrictToWorkspace: false } });
    symlinkSync(join(core.paths.home, 'nanotray.db-wal'), join(core.workspace(), 'wal-link'));
    linkSync(core.paths.configFile, join(outsideDir(), 'copy.json'));
    const results = await attack([
      { name: 'read_file', arguments: { path: core.paths.configFile } },
      { name: 'read_file', arguments: { path: '../config.json' } },
      { name: 'read_file', arguments: { path: 'wal-link' } },
      { name: 'read_file', arguments: { path: join(outsides[0]!, 'copy.json') } },
      { name: 'write_file', arguments: { path: join(outsides[0]!, 'copy.json'), content: '{}' } },
    ]);
    for (const r of results) expect(r).toMatch(OWN_FILE);
    expect(readFileSync(core.paths.configFile, 'utf8')).toContain(KEY);
    expectNoLeak(watch!, [KEY]);
  });

  it('/proc/self/environ and a symlink to the parent process environ', async () => {
    const before = process.env.NANOTRAY_FENCE_PROBE;
    process.env.NANOTRAY_FENCE_PROBE = KEY;
    try {
      const core = openCore({ tools: { restrictToWorkspace: false } });
      symlinkSync(`/proc/${process.ppid}/environ`, join(core.workspace(), 'env-link'));
      const results = await attack([
        { name: 'read_file', arguments: { path: '/proc/self/environ' } },
        { name: 'read_file', arguments: { path: 'env-link' } },
        { name: 'read_file', arguments: { path: `/proc/${process.pid}/task/${process.pid}/environ` } },
      ]);
      for (const r of results) expect(r).toMatch(OWN_FILE);
      expectNoLeak(watch!, [KEY]);
    } finally {
      if (before === undefined) delete process.env.NANOTRAY_FENCE_PROBE;
      else process.env.NANOTRAY_FENCE_PROBE = before;
    }
  });
});

describe('the write fence holds against long symlink tricks', () => {
  it('a symlink hop plus 45 missing path levels is judged by where it lands: refused, nothing created outside', async () => {
    const core = openCore();
    const outside = outsideDir();
    symlinkSync(outside, join(core.workspace(), 'hop'));
    const deep = ['hop', ...Array.from({ length: 45 }, (_, i) => `l${i}`), 'x.txt'].join('/');
    const [write, edit] = await attack([
      { name: 'write_file', arguments: { path: deep, content: 'escaped' } },
      { name: 'read_file', arguments: { path: deep } },
    ]);
    expect(write).toMatch(/outside the workspace/);
    expect(edit).toMatch(/outside the workspace/);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a chain of 41 symlinks and a symlink loop are refused instead of being left unresolved', async () => {
    const core = openCore();
    const ws = core.workspace();
    for (let i = 0; i < 41; i++) symlinkSync(`c${i + 1}`, join(ws, `c${i}`));
    symlinkSync(outsideDir(), join(ws, 'c41'));
    symlinkSync('loop-b', join(ws, 'loop-a'));
    symlinkSync('loop-a', join(ws, 'loop-b'));
    const results = await attack([
      { name: 'write_file', arguments: { path: 'c0/x.txt', content: 'escaped' } },
      { name: 'write_file', arguments: { path: 'loop-a/x.txt', content: 'escaped' } },
    ]);
    for (const r of results) expect(r).toMatch(/too many symbolic links/);
    expect(readdirSync(outsides[0]!)).toEqual([]);
  });

  it('a FIFO in the workspace is refused instead of hanging the turn', async () => {
    const core = openCore();
    execFileSync('mkfifo', [join(core.workspace(), 'pipe')]);
    const [result] = await attack([{ name: 'read_file', arguments: { path: 'pipe' } }]);
    expect(result).toMatch(/not a regular file/);
  });
});
