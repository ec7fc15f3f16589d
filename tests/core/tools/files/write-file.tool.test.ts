// write_file: whole files written atomically, parent folders made, the fence.
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeToolFixture } from '../tool-context-fixture';
import { useFileTools } from './file-tools-fixture';

const t = useFileTools();
const run = t.run.bind(t);
const outside = t.outside.bind(t);

describe('write_file', () => {
  it('creates parent folders and reports the characters written', async () => {
    const result = await run('write_file', { path: 'deep/er/note.md', content: 'héllo\n' });
    expect(result).toEqual({ ok: true, output: `Successfully wrote 6 characters to ${join(t.fx.workspace, 'deep/er/note.md')}` });
    expect(readFileSync(join(t.fx.workspace, 'deep/er/note.md'), 'utf8')).toBe('héllo\n');
    // atomic: no temp files are left behind
    expect(readdirSync(join(t.fx.workspace, 'deep/er'))).toEqual(['note.md']);
  });

  it('records the previous version before writing and keeps the file mode', async () => {
    const file = join(t.fx.workspace, 'run.sh');
    writeFileSync(file, 'old');
    chmodSync(file, 0o755);
    const recorded: Array<[string, string]> = [];
    await run('write_file', { path: 'run.sh', content: 'new' }, { recordFileVersion: (p) => recorded.push([p, readFileSync(p, 'utf8')]) });
    expect(recorded).toEqual([[file, 'old']]);
    expect(statSync(file).mode & 0o777).toBe(0o755);
  });

  it('writes through an inside symlink to its target instead of replacing the link', async () => {
    writeFileSync(join(t.fx.workspace, 'real.md'), 'old');
    symlinkSync(join(t.fx.workspace, 'real.md'), join(t.fx.workspace, 'alias.md'));
    await run('write_file', { path: 'alias.md', content: 'new' });
    expect(readFileSync(join(t.fx.workspace, 'real.md'), 'utf8')).toBe('new');
  });

  it('refuses escapes: .., absolute, ~, symlinked folder out, dangling link out, sibling prefix', async () => {
    mkdirSync(join(t.fx.root, 'ws-evil'));
    symlinkSync(t.fx.root, join(t.fx.workspace, 'up'));
    symlinkSync(join(t.fx.root, 'planted.txt'), join(t.fx.workspace, 'dangling'));
    const cases = ['../x.txt', '/tmp/nanotray-evil.txt', '~/nanotray-evil.txt', 'up/x.txt', 'dangling', join(t.fx.root, 'ws-evil', 'x.txt')];
    for (const path of cases) {
      expect(await run('write_file', { path, content: 'pwned' })).toEqual({ ok: false, error: { code: 'refused', message: outside(path) } });
    }
    expect(readdirSync(t.fx.root).sort()).toEqual(['app', 'ws', 'ws-evil']);
    expect(readdirSync(join(t.fx.root, 'ws-evil'))).toEqual([]);
  });

  it('writes outside when restrictToWorkspace is off', async () => {
    const loose = makeToolFixture({ tools: { restrictToWorkspace: false } });
    try {
      const result = await t.execute('write_file', { path: '../free.txt', content: 'ok' }, loose.ctx());
      expect(result).toEqual({ ok: true, output: `Successfully wrote 2 characters to ${join(loose.root, 'free.txt')}` });
    } finally {
      loose.cleanup();
    }
  });
});
