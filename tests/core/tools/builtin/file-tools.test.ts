// read_file, write_file, edit_file, list_dir: exact outputs, paging, binary/huge/image handling, fences, atomic writes.
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src-main/core/tools/tool-registry';
import { readFileTool } from '../../../../src-main/core/tools/builtin/read-file.tool';
import { writeFileTool } from '../../../../src-main/core/tools/builtin/write-file.tool';
import { editFileTool } from '../../../../src-main/core/tools/builtin/edit-file.tool';
import { listDirTool } from '../../../../src-main/core/tools/builtin/list-dir.tool';
import type { ToolContext } from '../../../../src-main/core/tools/tool';
import { makeToolFixture, type ToolFixture } from '../tool-context-fixture';

let fx: ToolFixture;
let registry: ToolRegistry;
const run = (name: string, args: unknown, ctx?: Partial<ToolContext>) => registry.execute(name, args, fx.ctx(ctx));
const outside = (p: string) =>
  `Error: Path ${p} is outside the workspace ${fx.workspace}. This is a policy boundary (tools.restrictToWorkspace), ` +
  'not an obstacle to work around: do not try other paths, links or commands to reach it. Work inside the workspace, or ask the user.';

beforeEach(() => {
  fx = makeToolFixture();
  registry = new ToolRegistry();
  for (const tool of [readFileTool, writeFileTool, editFileTool, listDirTool]) registry.register(tool);
});
afterEach(() => fx.cleanup());

describe('read_file', () => {
  it('numbers lines and says the end was reached', async () => {
    writeFileSync(join(fx.workspace, 'a.txt'), 'one\ntwo\nthree\n');
    expect(await run('read_file', { path: 'a.txt' })).toEqual({
      ok: true,
      output: '1| one\n2| two\n3| three\n\n(End of file — 3 lines total)',
    });
  });

  it('pages with offset/limit and says how to continue', async () => {
    writeFileSync(join(fx.workspace, 'a.txt'), Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n'));
    expect(await run('read_file', JSON.stringify({ path: 'a.txt', offset: 3, limit: 2 }))).toEqual({
      ok: true,
      output: '3| line 3\n4| line 4\n\n(Showing lines 3-4 of 10. Use offset=5 to continue.)',
    });
    expect(await run('read_file', { path: 'a.txt', offset: 11 })).toEqual({
      ok: false,
      error: { code: 'invalid_args', message: 'Error: offset 11 is beyond the end of a.txt (10 lines)' },
    });
  });

  it('reports empty, missing, directory, binary and huge files', async () => {
    writeFileSync(join(fx.workspace, 'empty.txt'), '');
    writeFileSync(join(fx.workspace, 'blob.bin'), Buffer.from([1, 2, 0, 3]));
    writeFileSync(join(fx.workspace, 'huge.log'), Buffer.alloc(10 * 1024 * 1024 + 1, 'a'));
    expect(await run('read_file', { path: 'empty.txt' })).toEqual({ ok: true, output: '(Empty file: empty.txt)' });
    expect(await run('read_file', { path: 'nope.txt' })).toEqual({ ok: false, error: { code: 'not_found', message: 'Error: File not found: nope.txt' } });
    expect(await run('read_file', { path: '.' })).toEqual({
      ok: false,
      error: { code: 'invalid_args', message: 'Error: . is a directory, not a file. Use list_dir to see its entries.' },
    });
    expect(await run('read_file', { path: 'blob.bin' })).toEqual({
      ok: false,
      error: { code: 'unsupported', message: 'Error: blob.bin is a binary file (4 bytes); read_file only reads text. Use exec with a suitable tool (file, xxd, unzip -l…) to inspect it.' },
    });
    expect(await run('read_file', { path: 'huge.log' })).toEqual({
      ok: false,
      error: { code: 'unsupported', message: 'Error: File too large: huge.log is 10.0 MB (limit 10 MB). Use exec with head, tail or grep to look at parts of it.' },
    });
  });

  it('returns images to vision models and a note to others', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    writeFileSync(join(fx.workspace, 'pic.png'), png);
    expect(await run('read_file', { path: 'pic.png' }, { vision: true })).toEqual({
      ok: true,
      output: 'Image file pic.png (16 bytes, image/png) is attached for you to view.',
      images: [{ mimeType: 'image/png', data: png.toString('base64') }],
    });
    expect(await run('read_file', { path: 'pic.png' }, { vision: false })).toEqual({
      ok: true,
      output:
        '(Image file pic.png: 16 bytes, image/png. The current model cannot view images; describe it from context or ask the user to switch to a vision-capable model.)',
    });
  });

  it('refuses paths outside the workspace but may read the built-in skills', async () => {
    writeFileSync(join(fx.root, 'secret.txt'), 'secret');
    symlinkSync(join(fx.root, 'secret.txt'), join(fx.workspace, 'innocent.txt'));
    mkdirSync(join(fx.skillsDir, 'demo'));
    writeFileSync(join(fx.skillsDir, 'demo', 'SKILL.md'), '# Demo');
    expect(await run('read_file', { path: '../secret.txt' })).toEqual({ ok: false, error: { code: 'refused', message: outside('../secret.txt') } });
    expect(await run('read_file', { path: 'innocent.txt' })).toEqual({ ok: false, error: { code: 'refused', message: outside('innocent.txt') } });
    expect(await run('read_file', { path: join(fx.skillsDir, 'demo', 'SKILL.md') })).toEqual({
      ok: true,
      output: '1| # Demo\n\n(End of file — 1 lines total)',
    });
  });
});

describe('write_file', () => {
  it('creates parent folders and reports the characters written', async () => {
    const result = await run('write_file', { path: 'deep/er/note.md', content: 'héllo\n' });
    expect(result).toEqual({ ok: true, output: `Successfully wrote 6 characters to ${join(fx.workspace, 'deep/er/note.md')}` });
    expect(readFileSync(join(fx.workspace, 'deep/er/note.md'), 'utf8')).toBe('héllo\n');
    // atomic: no temp files are left behind
    expect(readdirSync(join(fx.workspace, 'deep/er'))).toEqual(['note.md']);
  });

  it('records the previous version before writing and keeps the file mode', async () => {
    const file = join(fx.workspace, 'run.sh');
    writeFileSync(file, 'old');
    chmodSync(file, 0o755);
    const recorded: Array<[string, string]> = [];
    await run('write_file', { path: 'run.sh', content: 'new' }, { recordFileVersion: (p) => recorded.push([p, readFileSync(p, 'utf8')]) });
    expect(recorded).toEqual([[file, 'old']]);
    expect(statSync(file).mode & 0o777).toBe(0o755);
  });

  it('writes through an inside symlink to its target instead of replacing the link', async () => {
    writeFileSync(join(fx.workspace, 'real.md'), 'old');
    symlinkSync(join(fx.workspace, 'real.md'), join(fx.workspace, 'alias.md'));
    await run('write_file', { path: 'alias.md', content: 'new' });
    expect(readFileSync(join(fx.workspace, 'real.md'), 'utf8')).toBe('new');
  });

  it('refuses escapes: .., absolute, ~, symlinked folder out, dangling link out, sibling prefix', async () => {
    mkdirSync(join(fx.root, 'ws-evil'));
    symlinkSync(fx.root, join(fx.workspace, 'up'));
    symlinkSync(join(fx.root, 'planted.txt'), join(fx.workspace, 'dangling'));
    const cases = ['../x.txt', '/tmp/nanotray-evil.txt', '~/nanotray-evil.txt', 'up/x.txt', 'dangling', join(fx.root, 'ws-evil', 'x.txt')];
    for (const path of cases) {
      expect(await run('write_file', { path, content: 'pwned' })).toEqual({ ok: false, error: { code: 'refused', message: outside(path) } });
    }
    expect(readdirSync(fx.root).sort()).toEqual(['app', 'ws', 'ws-evil']);
    expect(readdirSync(join(fx.root, 'ws-evil'))).toEqual([]);
  });

  it('writes outside when restrictToWorkspace is off', async () => {
    const loose = makeToolFixture({ tools: { restrictToWorkspace: false } });
    try {
      const result = await registry.execute('write_file', { path: '../free.txt', content: 'ok' }, loose.ctx());
      expect(result).toEqual({ ok: true, output: `Successfully wrote 2 characters to ${join(loose.root, 'free.txt')}` });
    } finally {
      loose.cleanup();
    }
  });
});

describe('edit_file', () => {
  beforeEach(() => writeFileSync(join(fx.workspace, 'code.ts'), 'const a = 1;\nconst b = 2;\nconst a2 = 1;\n'));

  it('replaces a unique match', async () => {
    expect(await run('edit_file', { path: 'code.ts', old_text: 'const b = 2;', new_text: 'const b = 3;' })).toEqual({
      ok: true,
      output: `Successfully edited ${join(fx.workspace, 'code.ts')}`,
    });
    expect(readFileSync(join(fx.workspace, 'code.ts'), 'utf8')).toBe('const a = 1;\nconst b = 3;\nconst a2 = 1;\n');
  });

  it('says how many matches when ambiguous, and replaces all with replace_all', async () => {
    expect(await run('edit_file', { path: 'code.ts', old_text: '= 1;', new_text: '= 9;' })).toEqual({
      ok: false,
      error: { code: 'invalid_args', message: 'Error: old_text appears 2 times in code.ts. Include more surrounding lines to make it unique, or set replace_all=true to replace all 2.' },
    });
    expect(await run('edit_file', { path: 'code.ts', old_text: '= 1;', new_text: '= 9;', replace_all: true })).toEqual({
      ok: true,
      output: `Successfully edited ${join(fx.workspace, 'code.ts')} (2 replacements)`,
    });
    expect(readFileSync(join(fx.workspace, 'code.ts'), 'utf8')).toBe('const a = 9;\nconst b = 2;\nconst a2 = 9;\n');
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
    writeFileSync(join(fx.workspace, 'win.txt'), 'a\r\nb\r\nc\r\n');
    await run('edit_file', { path: 'win.txt', old_text: 'a\nb', new_text: 'A\nB' });
    expect(readFileSync(join(fx.workspace, 'win.txt'), 'utf8')).toBe('A\r\nB\r\nc\r\n');
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

describe('list_dir', () => {
  beforeEach(() => {
    mkdirSync(join(fx.workspace, 'src/lib'), { recursive: true });
    mkdirSync(join(fx.workspace, 'node_modules/pkg'), { recursive: true });
    mkdirSync(join(fx.workspace, '.git'));
    writeFileSync(join(fx.workspace, 'src/lib/x.ts'), '');
    writeFileSync(join(fx.workspace, 'README.md'), '');
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

describe('malformed arguments from the model', () => {
  it.each([
    ['{"path": ', "Error: Invalid parameters for tool 'read_file': arguments are not valid JSON"],
    [{ path: 42 }, "Error: Invalid parameters for tool 'read_file': 'path': Invalid input: expected string, received number"],
    [{}, "Error: Invalid parameters for tool 'read_file': 'path': Invalid input: expected string, received undefined"],
    [{ path: 'a', limit: -1 }, "Error: Invalid parameters for tool 'read_file': 'limit': Too small: expected number to be >=1"],
    [[1, 2], "Error: Invalid parameters for tool 'read_file': arguments: Invalid input: expected object, received array"],
  ])('read_file(%j) → %s', async (args, expected) => {
    const result = await run('read_file', args);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message.startsWith(expected)).toBe(true);
  });

  it('an unknown tool lists the available ones', async () => {
    expect(await run('delete_everything', {})).toEqual({
      ok: false,
      error: { code: 'not_found', message: "Error: Tool 'delete_everything' not found. Available: edit_file, list_dir, read_file, write_file" },
    });
  });
});
