import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { Emitter } from '../../../src-main/core/lib/emitter';
import { systemClock } from '../../../src-main/core/lib/clock';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { contentVersion, MemoryFiles, MISSING_VERSION } from '../../../src-main/core/memory/memory-files';
import { watchWorkspaceMarkdown } from '../../../src-main/core/memory/memory-watcher';
import { makeWorkspace, type TempWorkspace } from '../context/context-fixtures';

let ws: TempWorkspace;
let db: Database;
let events: CoreEvent[];
let memory: MemoryFiles;

beforeEach(() => {
  ws = makeWorkspace();
  db = openDatabase(':memory:');
  events = [];
  const emitter = new Emitter<CoreEvent>();
  emitter.on((e) => events.push(e));
  memory = new MemoryFiles({ db, workspace: () => ws.workspace, events: emitter, clock: systemClock });
});
afterEach(() => {
  db.close();
  ws.cleanup();
});

describe('MemoryFiles', () => {
  it('lists bootstrap files (present or not), HEARTBEAT.md, memory/*.md and skills', () => {
    ws.write('workspace/AGENTS.md', 'a');
    ws.write('workspace/memory/MEMORY.md', 'm');
    ws.write('workspace/memory/HISTORY.md', 'h');
    ws.write('workspace/memory/notes.txt', 'not markdown');
    ws.write('workspace/skills/tea/SKILL.md', 's');
    const list = memory.listFiles();
    expect(list.map((f) => [f.path, f.kind, f.exists])).toEqual([
      ['AGENTS.md', 'bootstrap', true],
      ['SOUL.md', 'bootstrap', false],
      ['USER.md', 'bootstrap', false],
      ['TOOLS.md', 'bootstrap', false],
      ['IDENTITY.md', 'bootstrap', false],
      ['HEARTBEAT.md', 'heartbeat', false],
      ['memory/HISTORY.md', 'memory', true],
      ['memory/MEMORY.md', 'memory', true],
      ['skills/tea/SKILL.md', 'skill', true],
    ]);
  });

  it('writes on top of the version read, stores the previous version, and reverts', () => {
    expect(memory.read('USER.md')).toEqual({ ok: true, value: { path: 'USER.md', content: '', version: MISSING_VERSION, exists: false } });
    const created = memory.write('USER.md', 'v1', MISSING_VERSION, 'user');
    expect(created).toEqual({ ok: true, value: { status: 'written', path: 'USER.md', version: contentVersion('v1') } });
    const second = memory.write('USER.md', 'v2', contentVersion('v1'), 'agent');
    expect(second.ok && second.value.status).toBe('written');
    expect(readFileSync(join(ws.workspace, 'USER.md'), 'utf8')).toBe('v2');
    const versions = memory.versions('USER.md');
    expect(versions.ok && versions.value.map((v) => [v.author, v.size])).toEqual([['agent', 2]]);
    const id = versions.ok ? versions.value[0]!.id : 0;
    expect(memory.readVersion(id)).toMatchObject({ ok: true, value: { path: 'USER.md', content: 'v1', author: 'agent' } });
    const reverted = memory.revert('USER.md', id);
    expect(reverted.ok && reverted.value.status).toBe('written');
    expect(readFileSync(join(ws.workspace, 'USER.md'), 'utf8')).toBe('v1');
    const after = memory.versions('USER.md');
    expect(after.ok && after.value.map((v) => v.author)).toEqual(['user', 'agent']);
    expect(after.ok && memory.readVersion(after.value[0]!.id)).toMatchObject({ ok: true, value: { content: 'v2' } });
    expect(events.filter((e) => e.type === 'memory.changed')).toEqual([
      { type: 'memory.changed', path: 'USER.md', author: 'user' },
      { type: 'memory.changed', path: 'USER.md', author: 'agent' },
      { type: 'memory.changed', path: 'USER.md', author: 'user' },
    ]);
  });

  it('returns a conflict with both texts and overwrites nothing when the file changed since the base version', () => {
    ws.write('workspace/memory/MEMORY.md', 'original');
    const read = memory.read('memory/MEMORY.md');
    const base = read.ok ? read.value.version : '';
    writeFileSync(join(ws.workspace, 'memory', 'MEMORY.md'), 'changed by the agent');
    const result = memory.write('memory/MEMORY.md', 'my edit', base, 'user');
    expect(result).toEqual({
      ok: true,
      value: {
        status: 'conflict',
        path: 'memory/MEMORY.md',
        currentVersion: contentVersion('changed by the agent'),
        currentContent: 'changed by the agent',
        yourContent: 'my edit',
      },
    });
    expect(readFileSync(join(ws.workspace, 'memory', 'MEMORY.md'), 'utf8')).toBe('changed by the agent');
    expect(memory.versions('memory/MEMORY.md')).toEqual({ ok: true, value: [] });
  });

  it('refuses paths outside the workspace for every operation', () => {
    expect(memory.read('../x.md')).toEqual({ ok: false, error: { code: 'refused', message: "Error: '../x.md' may not contain '..'" } });
    expect(memory.write('/tmp/x.md', 'x', MISSING_VERSION, 'user')).toEqual({ ok: false, error: { code: 'refused', message: "Error: '/tmp/x.md' must be relative to the workspace" } });
    expect(memory.versions('a.txt')).toEqual({ ok: false, error: { code: 'refused', message: "Error: 'a.txt' is not a markdown (.md) file" } });
    expect(memory.readVersion(999)).toEqual({ ok: false, error: { code: 'not_found', message: 'Error: version 999 not found' } });
  });

  it('records the previous content when a tool announces a write (recordFileVersion)', () => {
    const abs = ws.write('workspace/memory/MEMORY.md', 'before the tool');
    memory.recordAgentWrite(abs);
    memory.recordAgentWrite(join(ws.workspace, 'script.py'));
    memory.recordAgentWrite(join(ws.root, 'outside.md'));
    writeFileSync(abs, 'after the tool');
    memory.noticeChange('memory/MEMORY.md');
    const versions = memory.versions('memory/MEMORY.md');
    expect(versions.ok && versions.value.map((v) => v.author)).toEqual(['agent']);
    // MEMORY.md forms the system prompt: the "memory updated" notice names the version to revert to.
    expect(events).toEqual([
      { type: 'memory.updated', path: 'memory/MEMORY.md', source: 'agent', versionId: versions.ok ? versions.value[0]!.id : -1 },
      { type: 'memory.changed', path: 'memory/MEMORY.md', author: 'agent' },
    ]);
  });

  it('stores an empty version for a new prompt file, so the notice can revert it; other new files are not stored', () => {
    memory.recordAgentWrite(join(ws.workspace, 'AGENTS.md'));
    memory.recordAgentWrite(join(ws.workspace, 'notes.md'));
    const agents = memory.versions('AGENTS.md');
    expect(agents.ok && agents.value.map((v) => [v.author, v.size])).toEqual([['agent', 0]]);
    expect(memory.versions('notes.md')).toEqual({ ok: true, value: [] });
    expect(events.map((e) => e.type)).toEqual(['memory.updated']);
  });

  it('watches for changes by other programs and reports them as external', async () => {
    ws.write('workspace/USER.md', 'first');
    memory.primeKnown(); // as the install does when it starts the watcher: no read needed before
    let stop = (): void => undefined;
    await new Promise<void>((ready) => {
      stop = watchWorkspaceMarkdown(ws.workspace, (rel) => memory.noticeChange(rel), { clock: systemClock, debounceMs: 30, onReady: ready });
    });
    try {
      writeFileSync(join(ws.workspace, 'USER.md'), 'edited in vim');
      writeFileSync(join(ws.workspace, 'ignored.txt'), 'x');
      for (let i = 0; i < 100 && !events.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(events).toEqual([{ type: 'memory.changed', path: 'USER.md', author: 'external' }]);
      const versions = memory.versions('USER.md');
      expect(versions.ok && versions.value.map((v) => [v.author, v.size])).toEqual([['external', 5]]);
      // A write through the API is not reported a second time by the watcher.
      events.length = 0;
      memory.write('USER.md', 'via editor', contentVersion('edited in vim'), 'user');
      await new Promise((r) => setTimeout(r, 150));
      expect(events).toEqual([{ type: 'memory.changed', path: 'USER.md', author: 'user' }]);
    } finally {
      stop();
    }
  });
});
