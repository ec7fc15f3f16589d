// The main window's first fetches: the sessions list is asked for first, the promise the first render waits for
// settles once the list is in and the newest chat the user talked in is chosen; atMost bounds that wait.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { atMost, startInitialLoad } from '../../src-renderer/src/state/initial-load';
import { makeTestStore, ok } from './fake-api';

const session = (key: string, channel: string, updatedAt: number) => ({ key, channel, title: key, createdAt: 0, updatedAt, busy: false });

describe('startInitialLoad', () => {
  it('asks for the sessions first and opens the newest desktop or quick chat, not a heartbeat log', async () => {
    const { store, fake } = makeTestStore({
      chat: {
        listSessions: () => ok({ sessions: [session('heartbeat:x', 'heartbeat', 30), session('quick:q', 'quick', 20), session('desktop:d', 'desktop', 10)] }),
        history: ({ sessionKey }: { sessionKey: string }) => ok({ sessionKey, messages: [], toolEvents: [], hasMore: false }),
      },
    });
    await startInitialLoad(store);
    expect(fake.calls[0]).toEqual({ method: 'chat.listSessions', input: { limit: 500 } });
    expect(fake.calls.map((c) => c.method)).toEqual(expect.arrayContaining(['settings.get', 'app.info', 'approvals.pending', 'elicitation.pending', 'commands.list', 'mcp.status']));
    const s = store.getState();
    expect(s.sessionsLoaded).toBe(true);
    expect(s.sessions.map((x) => x.key)).toEqual(['heartbeat:x', 'quick:q', 'desktop:d']);
    expect(s.activeSessionKey).toBe('quick:q');
  });

  it('settles when the list cannot be loaded, the error kept for the sidebar', async () => {
    const { store } = makeTestStore();
    await startInitialLoad(store);
    expect(store.getState().sessionsLoaded).toBe(true);
    expect(store.getState().sessionsError).toBe('chat.listSessions is not faked');
    expect(store.getState().activeSessionKey).toBeNull();
  });
});

describe('atMost', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves when the promise settles, fulfilled or rejected', async () => {
    await expect(atMost(Promise.resolve(1), 60_000)).resolves.toBeUndefined();
    await expect(atMost(Promise.reject(new Error('no')), 60_000)).resolves.toBeUndefined();
  });

  it('resolves after maxMs when the promise is still pending', async () => {
    vi.useFakeTimers();
    let done = false;
    void atMost(new Promise(() => undefined), 150).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(149);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
