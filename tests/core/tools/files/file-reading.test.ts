// The helpers a reading tool shares with read_file: whole text inside the read fence, huge and binary files refused.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTextFile } from '../../../../src-main/core/tools/files/file-reading';
import { makeToolFixture, type ToolFixture } from '../tool-context-fixture';

let fx: ToolFixture;
beforeEach(() => {
  fx = makeToolFixture({ tools: { restrictToWorkspace: true } });
});
afterEach(() => fx.cleanup());

describe('readTextFile', () => {
  it('reads a workspace file whole', async () => {
    writeFileSync(join(fx.workspace, 'notes.md'), 'one\ntwo\n');
    expect(await readTextFile('notes.md', fx.ctx(), 'count_words')).toEqual({ ok: true, value: 'one\ntwo\n' });
  });

  it('refuses a binary file naming the tool, and a missing one', async () => {
    writeFileSync(join(fx.workspace, 'blob.bin'), Buffer.from([1, 0, 2]));
    expect(await readTextFile('blob.bin', fx.ctx(), 'count_words')).toMatchObject({ ok: false, error: { code: 'unsupported', message: expect.stringContaining('count_words only reads text') } });
    expect(await readTextFile('nope.md', fx.ctx(), 'count_words')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('refuses a file outside the workspace when restricted', async () => {
    writeFileSync(join(fx.root, 'outside.md'), 'secret plans');
    expect(await readTextFile(join(fx.root, 'outside.md'), fx.ctx(), 'count_words')).toMatchObject({ ok: false });
  });
});
