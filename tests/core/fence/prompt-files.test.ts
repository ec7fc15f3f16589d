// Which paths are prompt files: hostile spellings by name (table), and symlinks / hard links / `..` by location.
import { linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isHistoryFile, promptFileAt, promptFileNamed } from '../../../src-main/core/fence/prompt-files';

describe('promptFileNamed', () => {
  it.each([
    ['AGENTS.md', 'AGENTS.md'],
    ['agents.md', 'AGENTS.md'],
    ['./SOUL.md', 'SOUL.md'],
    ['USER.md.', 'USER.md'],
    ['TOOLS.md  ', 'TOOLS.md'],
    ['IDENTITY.md', 'IDENTITY.md'],
    ['memory/MEMORY.md', 'memory/MEMORY.md'],
    ['memory\\Memory.md', 'memory/MEMORY.md'],
    ['memory//MEMORY.md', 'memory/MEMORY.md'],
    ['heartbeat.md', 'HEARTBEAT.md'],
    ['skills/x/SKILL.md', 'skills/x/SKILL.md'],
    ['Skills/x/skill.md', 'skills/x/SKILL.md'],
    ['MEMORY.md', undefined],
    ['memory/HISTORY.md', undefined],
    ['notes/AGENTS.md', undefined],
    ['skills/x/y/SKILL.md', undefined],
    ['memory/../AGENTS.md', undefined],
    ['AGENTS.md.txt', undefined],
  ])('%s → %s', (rel, expected) => {
    expect(promptFileNamed(rel)).toBe(expected);
  });

  it('knows HISTORY.md in any spelling', () => {
    expect(isHistoryFile('memory/history.md')).toBe(true);
    expect(isHistoryFile('HISTORY.md')).toBe(false);
  });
});

describe('promptFileAt', () => {
  let ws: string;
  beforeEach(() => {
    ws = realpathSync(mkdtempSync(join(tmpdir(), 'nanotray-prompt-')));
    mkdirSync(join(ws, 'memory'));
    writeFileSync(join(ws, 'AGENTS.md'), 'rules');
    writeFileSync(join(ws, 'SOUL.md'), 'soul');
    writeFileSync(join(ws, 'notes.md'), 'notes');
  });
  afterEach(() => rmSync(ws, { recursive: true, force: true }));

  it('follows symlinks, `..` and hard links to the prompt file they change', () => {
    symlinkSync(join(ws, 'AGENTS.md'), join(ws, 'link.md'));
    symlinkSync(ws, join(ws, 'memory', 'up'));
    linkSync(join(ws, 'SOUL.md'), join(ws, 'soul-copy.md'));
    expect(promptFileAt(ws, join(ws, 'link.md'))).toEqual({ promptFile: 'AGENTS.md', target: 'AGENTS.md' });
    expect(promptFileAt(ws, join(ws, 'memory', '..', 'AGENTS.md'))).toEqual({ promptFile: 'AGENTS.md', target: 'AGENTS.md' });
    expect(promptFileAt(ws, join(ws, 'memory', 'up', 'SOUL.md'))).toEqual({ promptFile: 'SOUL.md', target: 'SOUL.md' });
    expect(promptFileAt(ws, join(ws, 'soul-copy.md'))).toEqual({ promptFile: 'SOUL.md', target: 'soul-copy.md' });
    expect(promptFileAt(ws, join(ws, 'memory', 'MEMORY.md'))).toEqual({ promptFile: 'memory/MEMORY.md', target: 'memory/MEMORY.md' });
    expect(promptFileAt(ws, join(ws, 'notes.md'))).toBeUndefined();
    expect(promptFileAt(ws, join(ws, 'new.md'))).toBeUndefined();
  });

  it('sees a prompt file that is itself a symlink to an ordinary file: writing that file changes the prompt', () => {
    rmSync(join(ws, 'AGENTS.md'));
    symlinkSync(join(ws, 'notes.md'), join(ws, 'AGENTS.md'));
    expect(promptFileAt(ws, join(ws, 'notes.md'))).toEqual({ promptFile: 'AGENTS.md', target: 'notes.md' });
  });
});
