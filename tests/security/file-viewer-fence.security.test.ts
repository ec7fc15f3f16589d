// Attack on files:read (the chat's read-only viewer): paths and links leading out of the workspace are refused,
// even with tools.restrictToWorkspace off. Called through the dispatcher as a window would (no model involved;
// approval mode `auto` is stated for the core's config only).
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/core/nanotray-core';
import { createApiHandlers } from '../../src-main/core/api/api-handlers';
import { createDispatcher } from '../../src-main/core/api/dispatch';
import { headlessHost } from '../../src-main/core/api/api-host';
import { VIEWER_MAX_BYTES } from '../../src-main/core/api/handlers/files-handlers';
import { makeTempHome, testConfig, type TempHome } from '../helpers/temp-home';

type Answer = { ok: boolean; value?: any; error?: { code: string; message: string } };
const SECRET = 'outside-secret-text-42';

describe('files:read stays inside the workspace', () => {
  let home: TempHome;
  let core: Core;
  let read: (path: string) => Promise<Answer>;

  beforeAll(() => {
    home = makeTempHome(testConfig('http://127.0.0.1:9', 'auto', { tools: { restrictToWorkspace: false } }));
    const created = createCore({ host: 'test', home: home.home, env: {} });
    if (!created.ok) throw new Error(created.error);
    core = created.value;
    const ws = core.workspace();
    writeFileSync(join(ws, '..', 'outside.txt'), SECRET);
    mkdirSync(join(ws, 'src'), { recursive: true });
    writeFileSync(join(ws, 'src', 'app.py'), 'print("hi")\nprint("there")\n');
    writeFileSync(join(ws, 'blob.bin'), Buffer.from([1, 2, 0, 3]));
    writeFileSync(join(ws, 'big.txt'), 'x'.repeat(VIEWER_MAX_BYTES + 1));
    symlinkSync(join(ws, '..', 'outside.txt'), join(ws, 'link.txt'));
    symlinkSync(join(ws, '..'), join(ws, 'up'));
    const dispatch = createDispatcher(createApiHandlers(core, headlessHost('web', '1.0.0')), { logError: () => undefined });
    read = (path) => dispatch('files:read', { path }) as Promise<Answer>;
  });

  afterAll(async () => {
    await core?.dispose();
    home?.cleanup();
  });

  it('reads a workspace text file with its line breaks', async () => {
    expect((await read('src/app.py')).value).toEqual({ status: 'read', path: 'src/app.py', content: 'print("hi")\nprint("there")\n', size: 27 });
  });

  it.each([
    ['../outside.txt'],
    ['link.txt'],
    ['up/outside.txt'],
  ])('refuses %s as outside the workspace', async (path) => {
    const answer = await read(path);
    expect(answer.value).toMatchObject({ status: 'refused', code: 'outside_workspace' });
    expect(JSON.stringify(answer)).not.toContain(SECRET);
  });

  it('refuses an absolute path outside the workspace', async () => {
    const answer = await read(join(core.workspace(), '..', 'outside.txt'));
    expect(answer.value).toMatchObject({ status: 'refused', code: 'outside_workspace' });
    expect((await read('/etc/passwd')).value).toMatchObject({ status: 'refused', code: 'outside_workspace' });
  });

  it('refuses missing, binary and too large files with their codes', async () => {
    expect((await read('nope.txt')).value).toMatchObject({ status: 'refused', code: 'not_found' });
    expect((await read('blob.bin')).value).toMatchObject({ status: 'refused', code: 'binary' });
    expect((await read('big.txt')).value).toMatchObject({ status: 'refused', code: 'too_large' });
    expect((await read('src')).value).toMatchObject({ status: 'refused', code: 'not_a_file' });
  });

  it('rejects a NUL in the path at the contract', async () => {
    expect((await read('a\0b')).error?.code).toBe('invalid_input');
  });
});
