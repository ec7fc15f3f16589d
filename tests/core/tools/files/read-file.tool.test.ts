// read_file: exact outputs, paging, binary/huge/image handling, the fence, and malformed arguments from the model.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFileTools } from './file-tools-fixture';

const t = useFileTools();
const run = t.run.bind(t);
const outside = t.outside.bind(t);

describe('read_file', () => {
  it('numbers lines and says the end was reached', async () => {
    writeFileSync(join(t.fx.workspace, 'a.txt'), 'one\ntwo\nthree\n');
    expect(await run('read_file', { path: 'a.txt' })).toEqual({
      ok: true,
      output: '1| one\n2| two\n3| three\n\n(End of file — 3 lines total)',
    });
  });

  it('pages with offset/limit and says how to continue', async () => {
    writeFileSync(join(t.fx.workspace, 'a.txt'), Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n'));
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
    writeFileSync(join(t.fx.workspace, 'empty.txt'), '');
    writeFileSync(join(t.fx.workspace, 'blob.bin'), Buffer.from([1, 2, 0, 3]));
    writeFileSync(join(t.fx.workspace, 'huge.log'), Buffer.alloc(10 * 1024 * 1024 + 1, 'a'));
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
    writeFileSync(join(t.fx.workspace, 'pic.png'), png);
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
    writeFileSync(join(t.fx.root, 'secret.txt'), 'secret');
    symlinkSync(join(t.fx.root, 'secret.txt'), join(t.fx.workspace, 'innocent.txt'));
    mkdirSync(join(t.fx.skillsDir, 'demo'));
    writeFileSync(join(t.fx.skillsDir, 'demo', 'SKILL.md'), '# Demo');
    expect(await run('read_file', { path: '../secret.txt' })).toEqual({ ok: false, error: { code: 'refused', message: outside('../secret.txt') } });
    expect(await run('read_file', { path: 'innocent.txt' })).toEqual({ ok: false, error: { code: 'refused', message: outside('innocent.txt') } });
    expect(await run('read_file', { path: join(t.fx.skillsDir, 'demo', 'SKILL.md') })).toEqual({
      ok: true,
      output: '1| # Demo\n\n(End of file — 1 lines total)',
    });
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
