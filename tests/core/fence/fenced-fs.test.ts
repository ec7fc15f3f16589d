// fenced-fs in both of its modes: descriptor-relative (Linux, /proc/self/fd) and the portable fallback
// (macOS, Windows), loaded with process.platform faked. Same answers for reads, writes, listings and refusals.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type FencedFs = typeof import('../../../src-main/core/fence/fenced-fs');

async function load(platform: NodeJS.Platform): Promise<FencedFs> {
  vi.resetModules();
  const real = Object.getOwnPropertyDescriptor(process, 'platform')!;
  Object.defineProperty(process, 'platform', { value: platform });
  try {
    return await import('../../../src-main/core/fence/fenced-fs');
  } finally {
    Object.defineProperty(process, 'platform', real);
  }
}

let root: string;
let ws: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'nanotray-fenced-')));
  ws = join(root, 'ws');
  mkdirSync(join(ws, 'sub'), { recursive: true });
  writeFileSync(join(ws, 'sub', 'a.txt'), 'inside\n');
  writeFileSync(join(root, 'secret.txt'), 'outside\n');
  symlinkSync(join(root, 'secret.txt'), join(ws, 'out-link'));
  symlinkSync(join(ws, 'sub', 'a.txt'), join(ws, 'in-link'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe.each([
  ['descriptor-relative (linux)', 'linux' as const, true],
  ['portable fallback', 'darwin' as const, false],
])('%s', (_name, platform, fdRelative) => {
  const fence = () => ({ workspace: ws, restrict: true });

  it('reads inside, through an inward link, and refuses an outward one', async () => {
    const fs = await load(platform);
    expect(fs.FD_RELATIVE).toBe(fdRelative);
    for (const path of ['sub/a.txt', 'in-link']) {
      const opened = await fs.openFencedFile(path, fence());
      if (!opened.ok) throw new Error(opened.error.message);
      expect((await opened.value.handle.readFile()).toString()).toBe('inside\n');
      await opened.value.handle.close();
    }
    const out = await fs.openFencedFile('out-link', fence());
    expect(out.ok ? 'opened' : out.error.code).toBe('refused');
    const missing = await fs.openFencedFile('sub/none.txt', fence());
    expect(missing.ok ? 'opened' : missing.error.code).toBe('not_found');
    const dir = await fs.openFencedFile('sub', fence());
    expect(dir.ok ? 'opened' : dir.error.code).toBe('is_directory');
  });

  it('writes atomically, creating folders, keeping the mode, and through an inward link to its target', async () => {
    const fs = await load(platform);
    chmodSync(join(ws, 'sub', 'a.txt'), 0o640);
    expect(fs.writeFencedFile('new/deep/b.txt', fence(), 'b').ok).toBe(true);
    expect(readFileSync(join(ws, 'new', 'deep', 'b.txt'), 'utf8')).toBe('b');
    expect(fs.writeFencedFile('in-link', fence(), 'changed\n').ok).toBe(true);
    expect(readFileSync(join(ws, 'sub', 'a.txt'), 'utf8')).toBe('changed\n');
    expect(statSync(join(ws, 'sub', 'a.txt')).mode & 0o777).toBe(0o640);
    const out = fs.writeFencedFile('out-link', fence(), 'x');
    expect(out.ok ? 'written' : out.error.code).toBe('refused');
    expect(readFileSync(join(root, 'secret.txt'), 'utf8')).toBe('outside\n');
  });

  it('lists a folder and its subfolders', async () => {
    const fs = await load(platform);
    const opened = fs.openFencedFolder('.', fence());
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.list([])!.map((e) => e.name).sort()).toEqual(['in-link', 'out-link', 'sub']);
    expect(opened.value.list(['sub'])!.map((e) => e.name)).toEqual(['a.txt']);
    opened.value.close();
    const file = fs.openFencedFolder('sub/a.txt', fence());
    expect(file.ok ? 'opened' : file.error.code).toBe('not_a_folder');
  });
});
