// A file's history names who wrote each text (not who replaced it) and lists the current text first: the user's
// save, the agent's write, another program's edit, and the text that was there before Nanotray saw it written.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { Emitter } from '../../../src-main/core/lib/emitter';
import { systemClock } from '../../../src-main/core/lib/clock';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { contentVersion, MemoryFiles } from '../../../src-main/core/memory/memory-files';
import { makeWorkspace, type TempWorkspace } from '../context/context-fixtures';

let ws: TempWorkspace;
let db: Database;
let memory: MemoryFiles;

beforeEach(() => {
  ws = makeWorkspace();
  db = openDatabase(':memory:');
  memory = new MemoryFiles({ db, workspace: () => ws.workspace, events: new Emitter<CoreEvent>(), clock: systemClock });
});
afterEach(() => {
  db.close();
  ws.cleanup();
});

const history = () => {
  const h = memory.history('USER.md');
  if (!h.ok) throw new Error(h.error.message);
  return h.value;
};

describe('memory history', () => {
  it('labels every text by its writer and lists the current text', () => {
    ws.write('workspace/USER.md', 'as installed');
    memory.primeKnown();
    expect(memory.write('USER.md', 'by me', contentVersion('as installed'), 'user').ok).toBe(true);
    // the agent's tool announces its write, then writes (the watcher, or the next look, sees the change)
    memory.recordAgentWrite(join(ws.workspace, 'USER.md'));
    writeFileSync(join(ws.workspace, 'USER.md'), 'by the agent');
    memory.noticeChange('USER.md');
    writeFileSync(join(ws.workspace, 'USER.md'), 'by vim');
    memory.noticeChange('USER.md');

    const h = history();
    expect(h.current).toEqual({ size: 'by vim'.length, writtenBy: 'external' });
    const texts = h.versions.map((v) => {
      const read = memory.readVersion(v.id);
      return [read.ok ? read.value.content : '', v.writtenBy ?? 'unknown', v.author];
    });
    expect(texts).toEqual([
      ['by the agent', 'agent', 'external'],
      ['by me', 'user', 'agent'],
      ['as installed', 'unknown', 'user'],
    ]);
  });

  it('knows the agent wrote the current text also where no watcher saw it', () => {
    ws.write('workspace/USER.md', 'mine');
    memory.primeKnown();
    memory.write('USER.md', 'mine, saved', contentVersion('mine'), 'user');
    memory.recordAgentWrite(join(ws.workspace, 'USER.md'));
    writeFileSync(join(ws.workspace, 'USER.md'), 'the agent wrote this');
    expect(history().current).toEqual({ size: 'the agent wrote this'.length, writtenBy: 'agent' });
    expect(history().versions[0]!.writtenBy).toBe('user');
  });
});
