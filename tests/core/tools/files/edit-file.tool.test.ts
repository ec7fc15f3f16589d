// edit_file: one exact snippet replaced (or all with replace_all), atomically, the fence.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFileTools } from './file-tools-fixture';

const t = useFileTools();
const run = t.run.bind(t);
const outside = t.outside.bind(t);

describe('edit_file', () => {
  beforeEach(() => writeFileSync(join(t.fx.workspace, 'code.ts'), 'const a = 1;\nconst b = 2;\nconst a2 = 1;\n'));

  it('replaces a unique match', async () => {
    expect(await run('edit_file', { path: 'code.ts', old_text: 'const b = 2;', new_text: 'const b = 3;' })).toEqual({
      ok: true,
      output: `Successfully edited ${join(t.fx.workspace, 'code.ts')}`,
    });
    expect(readFileSync(join(t.fx.workspace, 'code.ts'), 'utf8')).toBe('const a = 1;\nconst b = 3;\nconst a2 = 1;\n');
  });

  it('says how many matches when ambiguous, and replaces all with replace_all', async () => {
    expect(await run('edit_file', { path: 'code.ts', old_text: '= 1;', new_text: '= 9;' })).toEqual({
      ok: false,
      error: { code: 'invalid_args', message: 'Error: old_text appears 2 times in code.ts. Include more surrounding lines to make it unique, or set replace_all=true to replace all 2.' },
    });
    expect(await run('edit_file', { path: 'code.ts', old_text: '= 1;', new_text: '= 9;', replace_all: true })).toEqual({
      ok: true,
      output: `Successfully edited ${join(t.fx.workspace, 'code.ts')} (2 replacements)`,
    });
    expect(readFileSync(join(t.fx.workspace, 'code.ts'), 'utf8')).toBe('const a = 9;\nconst b = 2;\nconst a2 = 9;\n');
  });

  it('shows the closest lines when nothing matches', async () => {
    expect(await run('edit_file', { path: 'code.ts', old_text: 'const b = 22;', new_text: 'x' })).toEqual({
      ok: false,
      error: {
        code: 'invalid_args',
        message:
          'Error: old_text not found in code.ts. It must match the file exactly (spaces, indentation and line breaks included).\n' +
          'Closest match (96% similar) at lines 2-2:\n2| const b = 2;',
      },
    });
  });

  it('keeps CRLF files CRLF', async () => {
    writeFileSync(join(t.fx.workspace, 'win.txt'), 'a\r\nb\r\nc\r\n');
    await run('edit_file', { path: 'win.txt', old_text: 'a\nb', new_text: 'A\nB' });
    expect(readFileSync(join(t.fx.workspace, 'win.txt'), 'utf8')).toBe('A\r\nB\r\nc\r\n');
  });

  it('reports a missing file and refuses outside paths', async () => {
    expect(await run('edit_file', { path: 'nope.ts', old_text: 'a', new_text: 'b' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'Error: File not found: nope.ts' },
    });
    expect(await run('edit_file', { path: '/etc/hosts', old_text: 'a', new_text: 'b' })).toEqual({
      ok: false,
      error: { code: 'refused', message: outside('/etc/hosts') },
    });
  });
});
