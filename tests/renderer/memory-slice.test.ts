// Memory slice: saves with the base version, stale saves open the conflict view, disk changes are
// announced (reloaded when clean, kept when dirty), our own save's echo is not mistaken for a change.
import { describe, expect, it } from 'vitest';
import { makeTestStore, ok } from './fake-api';

const P = 'memory/MEMORY.md';

function memoryStore() {
  const disk = { content: '# Memory\n- likes tea\n', version: 'v1' };
  const writes: Array<{ content: string; baseVersion: string }> = [];
  const ctx = makeTestStore({
    memory: {
      listFiles: () => ok({ files: [{ path: P, size: 20, mtimeMs: 1 }] }),
      read: () => ok({ path: P, content: disk.content, version: disk.version }),
      write: (input: { content: string; baseVersion: string }) => {
        writes.push(input);
        if (input.baseVersion !== disk.version) return ok({ status: 'conflict', theirs: disk.content, theirsVersion: disk.version, yours: input.content });
        disk.content = input.content;
        disk.version = `v${Number(disk.version.slice(1)) + 1}`;
        return ok({ status: 'saved', version: disk.version });
      },
      versions: () => ok({ path: P, versions: [] }),
    },
  });
  return { ...ctx, disk, writes };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('memory slice', () => {
  it('saves the draft against the version it was opened at', async () => {
    const { store, writes, disk } = memoryStore();
    await store.getState().openMemoryFile(P);
    store.getState().setMemoryDraft('# Memory\n- likes tea\n- plays chess\n');
    expect(await store.getState().saveMemory()).toBe('saved');
    expect(writes).toEqual([{ path: P, content: '# Memory\n- likes tea\n- plays chess\n', baseVersion: 'v1' }]);
    expect(store.getState().memoryDoc).toMatchObject({ baseVersion: 'v2', savedText: disk.content, draft: disk.content });
  });

  it('a stale save shows both versions and writes nothing', async () => {
    const { store, disk } = memoryStore();
    await store.getState().openMemoryFile(P);
    store.getState().setMemoryDraft('# Memory\n- likes tea\n- mine\n');
    disk.content = '# Memory\n- likes tea\n- agent note\n';
    disk.version = 'v7';
    expect(await store.getState().saveMemory()).toBe('conflict');
    expect(store.getState().memoryDoc!.conflict).toEqual({
      theirs: '# Memory\n- likes tea\n- agent note\n',
      theirsVersion: 'v7',
      yours: '# Memory\n- likes tea\n- mine\n',
      base: '# Memory\n- likes tea\n',
    });
    expect(disk.content).toBe('# Memory\n- likes tea\n- agent note\n');
    expect(await store.getState().resolveMemoryConflict('# Memory\n- likes tea\n- agent note\n- mine\n')).toBe(true);
    expect(disk.content).toBe('# Memory\n- likes tea\n- agent note\n- mine\n');
    expect(store.getState().memoryDoc!.conflict).toBeNull();
  });

  it('a change on disk with no unsaved edits reloads and says who changed it', async () => {
    const { store, fake, disk } = memoryStore();
    await store.getState().openMemoryFile(P);
    disk.content = '# Memory\n- changed by agent\n';
    disk.version = 'v2';
    fake.emit({ type: 'memory.changed', path: P, author: 'agent' });
    await flush();
    expect(store.getState().memoryDoc).toMatchObject({ draft: '# Memory\n- changed by agent\n', reloadedBy: 'agent', external: null });
  });

  it('a change on disk while editing keeps the edits and offers to compare', async () => {
    const { store, fake, disk } = memoryStore();
    await store.getState().openMemoryFile(P);
    store.getState().setMemoryDraft('my words');
    disk.content = 'agent words';
    disk.version = 'v2';
    fake.emit({ type: 'memory.changed', path: P, author: 'agent' });
    await flush();
    const doc = store.getState().memoryDoc!;
    expect(doc.draft).toBe('my words');
    expect(doc.external).toEqual({ author: 'agent', content: 'agent words', version: 'v2' });
    store.getState().compareWithDisk();
    expect(store.getState().memoryDoc!.conflict).toEqual({ theirs: 'agent words', theirsVersion: 'v2', yours: 'my words', base: '# Memory\n- likes tea\n' });
  });

  it('the echo of our own save is not reported as a change', async () => {
    const { store, fake } = memoryStore();
    await store.getState().openMemoryFile(P);
    store.getState().setMemoryDraft('new text');
    await store.getState().saveMemory();
    fake.emit({ type: 'memory.changed', path: P, author: 'user' });
    await flush();
    expect(store.getState().memoryDoc).toMatchObject({ reloadedBy: null, external: null, draft: 'new text', savedText: 'new text' });
  });

  it('leaving the memory view with unsaved edits asks first', async () => {
    const { store } = memoryStore();
    store.getState().setView('memory');
    await store.getState().openMemoryFile(P);
    store.getState().setMemoryDraft('unsaved');
    store.getState().requestView('chat');
    expect(store.getState().view).toBe('memory');
    expect(store.getState().pendingView).toBe('chat');
    store.getState().confirmPendingView(true);
    expect(store.getState().view).toBe('chat');
    expect(store.getState().memoryDoc!.draft).toBe('# Memory\n- likes tea\n');
  });

  it('opening a chat from a toast or search while memory has unsaved edits asks first too', async () => {
    const { store } = memoryStore();
    store.getState().setView('memory');
    await store.getState().openMemoryFile(P);
    store.getState().setMemoryDraft('unsaved');
    store.getState().pushToast({ title: 't', body: '', tone: 'info', sessionKey: 'desktop:x' });
    void store.getState().selectSession('desktop:x');
    expect(store.getState().view).toBe('memory');
    expect(store.getState().pendingView).toBe('chat');
    store.getState().cancelPendingView();
    expect(store.getState().memoryDoc!.draft).toBe('unsaved');
  });
});
