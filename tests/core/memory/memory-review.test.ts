// Pending memory changes: propose, consolidation batches merged into one proposal, accept (as is, edited, after a
// conflict), reject, and the events the window listens to.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { Emitter } from '../../../src-main/core/lib/emitter';
import { FakeClock } from '../../helpers/fake-clock';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { MemoryFiles } from '../../../src-main/core/memory/memory-files';
import { MemoryReview } from '../../../src-main/core/memory/memory-review';
import { makeWorkspace, type TempWorkspace } from '../context/context-fixtures';

let ws: TempWorkspace;
let db: Database;
let memory: MemoryFiles;
let review: MemoryReview;
let events: CoreEvent[];

beforeEach(() => {
  ws = makeWorkspace();
  db = openDatabase(':memory:');
  const emitter = new Emitter<CoreEvent>();
  events = [];
  emitter.on((e) => events.push(e));
  const clock = new FakeClock(5_000);
  memory = new MemoryFiles({ db, workspace: () => ws.workspace, events: emitter, clock });
  review = new MemoryReview({ db, memory, events: emitter, clock });
});
afterEach(() => {
  db.close();
  ws.cleanup();
});

const pendingEvents = () => events.filter((e) => e.type === 'memory.pending');
const onDisk = (rel: string) => readFileSync(join(ws.workspace, ...rel.split('/')), 'utf8');

describe('MemoryReview', () => {
  it('keeps a proposal without touching the file, and accepts it as proposed', () => {
    ws.write('workspace/USER.md', 'Name: Ada\n');
    const proposed = review.propose({ path: 'USER.md', content: 'Name: Ada\nLikes tea\n', source: 'agent', sessionKey: 'cron:x', tool: 'edit_file' });
    expect(proposed).toMatchObject({ ok: true, value: { id: 1, path: 'USER.md', baseContent: 'Name: Ada\n', status: 'pending', createdAt: 5_000 } });
    expect(onDisk('USER.md')).toBe('Name: Ada\n');
    expect(review.list().map((c) => [c.id, c.conflict, c.currentContent])).toEqual([[1, false, 'Name: Ada\n']]);
    expect(review.accept(1)).toMatchObject({ ok: true, value: { status: 'applied', path: 'USER.md' } });
    expect(onDisk('USER.md')).toBe('Name: Ada\nLikes tea\n');
    expect(review.list()).toEqual([]);
    expect(pendingEvents()).toEqual([
      { type: 'memory.pending', id: 1, path: 'USER.md', change: 'added' },
      { type: 'memory.pending', id: 1, path: 'USER.md', change: 'accepted' },
    ]);
    expect(review.accept(1)).toEqual({ ok: false, error: { code: 'not_found', message: 'Error: no pending memory change 1 (it was accepted or rejected already, or never existed).' } });
  });

  it('proposes nothing when the file already has the text, and refuses a path outside the workspace', () => {
    ws.write('workspace/USER.md', 'same');
    expect(review.propose({ path: 'USER.md', content: 'same', source: 'agent', sessionKey: 's' })).toEqual({ ok: true, value: undefined });
    expect(review.propose({ path: '../x.md', content: 'x', source: 'agent', sessionKey: 's' })).toMatchObject({ ok: false, error: { code: 'invalid_path' } });
  });

  it('merges consolidation batches on the same file version into one proposal; a new version starts another', () => {
    const add = (fact: string) => (text: string) => `${text}- ${fact}\n`;
    expect(review.extendConsolidation('memory/MEMORY.md', 'desktop:a', add('one'))).toMatchObject({ ok: true, value: { id: 1, proposed: '- one\n' } });
    expect(review.extendConsolidation('memory/MEMORY.md', 'desktop:b', add('two'))).toMatchObject({ ok: true, value: { id: 1, proposed: '- one\n- two\n' } });
    expect(review.extendConsolidation('memory/MEMORY.md', 'desktop:b', (t) => t)).toMatchObject({ ok: true, value: { id: 1 } });
    ws.write('workspace/memory/MEMORY.md', '# Mine\n');
    expect(review.extendConsolidation('memory/MEMORY.md', 'desktop:c', add('three'))).toMatchObject({ ok: true, value: { id: 2, proposed: '# Mine\n- three\n' } });
    expect(review.list().map((c) => [c.id, c.conflict])).toEqual([[1, true], [2, false]]);
    expect(pendingEvents().map((e) => (e.type === 'memory.pending' ? e.change : ''))).toEqual(['added', 'updated', 'added']);
  });

  it('reports a conflict when the file changed since, writes nothing, and accepts a merge made against the new text', () => {
    ws.write('workspace/SOUL.md', 'calm\n');
    review.propose({ path: 'SOUL.md', content: 'calm\nbold\n', source: 'agent', sessionKey: 's' });
    ws.write('workspace/SOUL.md', 'calm\nkind\n');
    const view = review.get(1)!;
    expect(view).toMatchObject({ conflict: true, currentContent: 'calm\nkind\n', baseContent: 'calm\n', proposed: 'calm\nbold\n' });
    expect(review.accept(1)).toEqual({ ok: true, value: { status: 'conflict', path: 'SOUL.md', currentContent: 'calm\nkind\n', currentVersion: view.currentVersion } });
    expect(onDisk('SOUL.md')).toBe('calm\nkind\n');
    expect(review.accept(1, { content: 'calm\nkind\nbold\n', baseVersion: view.currentVersion })).toMatchObject({ ok: true, value: { status: 'applied' } });
    expect(onDisk('SOUL.md')).toBe('calm\nkind\nbold\n');
    const versions = memory.versions('SOUL.md');
    expect(versions.ok && versions.value.map((v) => v.author)).toEqual(['user']);
  });

  it('rejects: the file stays, the change is gone for good', () => {
    review.propose({ path: 'HEARTBEAT.md', content: '- [ ] evil\n', source: 'agent', sessionKey: 's' });
    expect(review.reject(1)).toEqual({ ok: true, value: undefined });
    expect(review.reject(1)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(review.get(1)).toBeUndefined();
    expect(review.list()).toEqual([]);
  });
});
