// Review slice: the pending list, accept (as is / edited / merged after a conflict), reject, and the "memory
// updated" toast whose Revert puts the stored version back.
import { describe, expect, it } from 'vitest';
import type { PendingMemoryChange } from '@contract/schemas';
import { fail, makeTestStore, ok } from './fake-api';

const change = (over: Partial<PendingMemoryChange> = {}): PendingMemoryChange => ({
  id: 3,
  path: 'memory/MEMORY.md',
  source: 'consolidation',
  sessionKey: 'desktop:a',
  tool: '',
  createdAt: 1,
  updatedAt: 1,
  baseContent: '# Memory\n',
  proposed: '# Memory\n\n- likes tea\n',
  conflict: false,
  currentContent: '# Memory\n',
  currentVersion: 'v1',
  ...over,
});

function reviewStore(initial: PendingMemoryChange[]) {
  let changes = initial;
  const accepted: unknown[] = [];
  const reverted: unknown[] = [];
  const ctx = makeTestStore({
    memory: {
      pendingList: () => ok({ changes }),
      pendingAccept: (input: { id: number; content?: string; baseVersion?: string }) => {
        accepted.push(input);
        const c = changes.find((x) => x.id === input.id);
        if (!c) return fail('not_found', 'Error: no pending memory change');
        if (c.conflict && input.baseVersion !== c.currentVersion) return ok({ status: 'conflict', path: c.path, currentContent: c.currentContent, currentVersion: c.currentVersion });
        changes = changes.filter((x) => x.id !== input.id);
        return ok({ status: 'applied', path: c.path, version: 'v2' });
      },
      pendingReject: (input: { id: number }) => {
        changes = changes.filter((x) => x.id !== input.id);
        return ok({ rejected: true });
      },
      revert: (input: unknown) => {
        reverted.push(input);
        return ok({ path: 'USER.md', version: 'v9' });
      },
    },
  });
  return { ...ctx, accepted, reverted };
}

describe('review slice', () => {
  it('loads the list, accepts an edited text, and closes the review when the change is gone', async () => {
    const { store, accepted } = reviewStore([change()]);
    await store.getState().loadPendingChanges();
    store.getState().openPendingChange(3);
    expect(await store.getState().acceptPendingChange(3, '# Memory\n\n- likes green tea\n')).toBe('applied');
    expect(accepted).toEqual([{ id: 3, content: '# Memory\n\n- likes green tea\n' }]);
    expect(store.getState().pendingChanges).toEqual([]);
    expect(store.getState().openPendingId).toBeNull();
    expect(store.getState().toasts.map((t) => t.title)).toEqual(['Change accepted']);
  });

  it('reports a conflict, then accepts the merge made against the current version', async () => {
    const { store, accepted } = reviewStore([change({ conflict: true, currentContent: '# Mine\n', currentVersion: 'v5' })]);
    await store.getState().loadPendingChanges();
    expect(await store.getState().acceptPendingChange(3)).toBe('conflict');
    expect(store.getState().pendingChanges).toHaveLength(1);
    expect(await store.getState().acceptPendingChange(3, '# Mine\n\n- likes tea\n', 'v5')).toBe('applied');
    expect(accepted).toEqual([{ id: 3 }, { id: 3, content: '# Mine\n\n- likes tea\n', baseVersion: 'v5' }]);
  });

  it('rejects, and keeps an error next to the change when the core refuses', async () => {
    const { store } = reviewStore([change()]);
    await store.getState().loadPendingChanges();
    expect(await store.getState().acceptPendingChange(99)).toBe('error');
    expect(store.getState().reviewError).toBe('Error: no pending memory change');
    expect(await store.getState().rejectPendingChange(3)).toBe(true);
    expect(store.getState().pendingChanges).toEqual([]);
  });

  it('turns "memory updated" into a toast whose Revert restores the version, and a new change into a toast', async () => {
    const { store, fake, reverted } = reviewStore([]);
    fake.emit({ type: 'memory.updated', path: 'USER.md', source: 'agent', versionId: 12 });
    const toast = store.getState().toasts[0]!;
    expect(toast).toMatchObject({ title: 'Memory updated', body: 'The agent changed USER.md.' });
    toast.action!.run();
    await new Promise((r) => setTimeout(r, 0));
    expect(reverted).toEqual([{ path: 'USER.md', id: 12 }]);
    expect(store.getState().toasts.map((t) => t.title)).toContain('Reverted');
    fake.emit({ type: 'memory.pending', id: 4, path: 'AGENTS.md', change: 'added' });
    expect(store.getState().toasts.map((t) => t.body)).toContain('The agent wants to change AGENTS.md. Review it in Memory.');
  });
});
