// Approvals: requests show inline in their loaded chat, answering calls the API, resolution updates the card.
import { describe, expect, it } from 'vitest';
import { makeTestStore, ok } from './fake-api';

const S = 'desktop:a';
const request = {
  id: 'ap1',
  sessionKey: S,
  turnId: 't',
  tool: 'exec',
  category: 'command' as const,
  args: '{\n  "command": "ls -la"\n}',
  workingDir: '/home/me/workspace',
  alwaysLabel: 'ls',
  expiresAt: 2_000_000,
};

describe('approvals slice', () => {
  it('adds a pending request to the chat and answers it', async () => {
    const { store, fake } = makeTestStore({
      chat: { history: () => ok({ sessionKey: S, messages: [], toolEvents: [], hasMore: false }) },
      approvals: { resolve: () => ok({ resolved: true }) },
    });
    await store.getState().selectSession(S);
    fake.emit({ type: 'approval.requested', ...request });
    expect(Object.keys(store.getState().approvals)).toEqual(['ap1']);
    expect(store.getState().threads[S]!.items).toMatchObject([{ kind: 'approval', decision: 'pending', request: { workingDir: '/home/me/workspace' } }]);
    await store.getState().resolveApproval('ap1', 'deny');
    expect(fake.calls.find((c) => c.method === 'approvals.resolve')?.input).toEqual({ id: 'ap1', decision: 'deny' });
    expect(store.getState().approvals).toEqual({});
    expect(store.getState().threads[S]!.items).toMatchObject([{ kind: 'approval', decision: 'deny' }]);
  });

  it('marks the card when the core resolves it (another window, or always-allow)', async () => {
    const { store, fake } = makeTestStore({ chat: { history: () => ok({ sessionKey: S, messages: [], toolEvents: [], hasMore: false }) } });
    await store.getState().selectSession(S);
    fake.emit({ type: 'approval.requested', ...request });
    fake.emit({ type: 'approval.resolved', id: 'ap1', sessionKey: S, decision: 'allow_always' });
    expect(store.getState().approvals).toEqual({});
    expect(store.getState().threads[S]!.items).toMatchObject([{ decision: 'allow_always' }]);
  });

  it('a request for a chat that is not on screen also raises a toast with a way there', () => {
    const { store, fake } = makeTestStore();
    fake.emit({ type: 'approval.requested', ...request });
    expect(store.getState().toasts).toMatchObject([{ title: 'Approval needed', body: 'Nanotray wants to use exec. Open the chat to allow or deny it.', sessionKey: S }]);
  });

  it('keeps pending requests of chats not open yet and shows them when the chat opens', async () => {
    const { store, fake } = makeTestStore({ chat: { history: () => ok({ sessionKey: S, messages: [], toolEvents: [], hasMore: false }) } });
    fake.emit({ type: 'approval.requested', ...request });
    expect(store.getState().threads[S]).toBeUndefined();
    await store.getState().selectSession(S);
    expect(store.getState().threads[S]!.items).toMatchObject([{ kind: 'approval', request: { id: 'ap1' } }]);
  });
});
