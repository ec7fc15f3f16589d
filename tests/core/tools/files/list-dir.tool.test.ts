// list_dir: entries sorted with kinds, skipped folders, the fence.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFileTools } from './file-tools-fixture';

const t = useFileTools();
const run = t.run.bind(t);
const outside = t.outside.bind(t);

describe('list_dir', () => {
  beforeEach(() => {
    mkdirSync(join(t.fx.workspace, 'src/lib'), { recursive: true });
    mkdirSync(join(t.fx.workspace, 'node_modules/pkg'), { recursive: true });
    mkdirSync(join(t.fx.workspace, '.git'));
    writeFileSync(join(t.fx.workspace, 'src/lib/x.ts'), '');
    writeFileSync(join(t.fx.workspace, 'README.md'), '');
  });

  it('lists one level, folders marked with /', async () => {
    expect(await run('list_dir', { path: '.' })).toEqual({ ok: true, output: 'README.md\nsrc/' });
  });

  it('walks recursively, skipping .git and node_modules', async () => {
    expect(await run('list_dir', { path: '', recursive: true })).toEqual({
      ok: true,
      output: 'README.md\nsrc/\nsrc/lib/\nsrc/lib/x.ts',
    });
  });

  it('says when it truncated', async () => {
    expect(await run('list_dir', { recursive: true, max_entries: 2 })).toEqual({
      ok: true,
      output: 'README.md\nsrc/\n\n(Truncated: showing 2 of 4 entries. List a subfolder or raise max_entries.)',
    });
  });

  it('reports missing folders, files and outside paths', async () => {
    expect(await run('list_dir', { path: 'nope' })).toEqual({ ok: false, error: { code: 'not_found', message: 'Error: Directory not found: nope' } });
    expect(await run('list_dir', { path: 'README.md' })).toEqual({
      ok: false,
      error: { code: 'invalid_args', message: 'Error: Not a directory: README.md. Use read_file for files.' },
    });
    expect(await run('list_dir', { path: '..' })).toEqual({ ok: false, error: { code: 'refused', message: outside('..') } });
  });
});
