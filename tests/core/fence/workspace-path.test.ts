import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveWorkspaceMarkdown } from '../../../src-main/core/fence/workspace-path';
import { makeWorkspace, type TempWorkspace } from '../context/context-fixtures';

let ws: TempWorkspace;
beforeEach(() => {
  ws = makeWorkspace();
  mkdirSync(join(ws.root, 'outside'));
  writeFileSync(join(ws.root, 'outside', 'secret.md'), 'secret');
  symlinkSync(join(ws.root, 'outside'), join(ws.workspace, 'linked-dir'));
  symlinkSync(join(ws.root, 'outside', 'secret.md'), join(ws.workspace, 'linked.md'));
});
afterEach(() => ws.cleanup());

describe('resolveWorkspaceMarkdown', () => {
  it.each([
    ['../outside/secret.md', "Error: '../outside/secret.md' may not contain '..'"],
    ['memory/../../outside/secret.md', "Error: 'memory/../../outside/secret.md' may not contain '..'"],
    ['/etc/passwd.md', "Error: '/etc/passwd.md' must be relative to the workspace"],
    ['C:/Windows/x.md', "Error: 'C:/Windows/x.md' must be relative to the workspace"],
    ['notes.txt', "Error: 'notes.txt' is not a markdown (.md) file"],
    ['', 'Error: the path is empty'],
    ['linked.md', "Error: 'linked.md' points outside the workspace"],
    ['linked-dir/secret.md', "Error: 'linked-dir/secret.md' points outside the workspace"],
    ['linked-dir/new.md', "Error: 'linked-dir/new.md' points outside the workspace"],
  ])('refuses %j', (path, message) => {
    expect(resolveWorkspaceMarkdown(ws.workspace, path)).toEqual({ ok: false, error: { code: 'refused', message } });
  });

  it('accepts normal paths, existing or not', () => {
    expect(resolveWorkspaceMarkdown(ws.workspace, './memory//MEMORY.md')).toEqual({
      ok: true,
      value: { rel: 'memory/MEMORY.md', abs: join(ws.workspace, 'memory', 'MEMORY.md') },
    });
    expect(resolveWorkspaceMarkdown(ws.workspace, 'AGENTS.md')).toEqual({
      ok: true,
      value: { rel: 'AGENTS.md', abs: join(ws.workspace, 'AGENTS.md') },
    });
  });
});
