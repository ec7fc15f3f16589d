// Chat slice against a fake API: frame-batched tokens, tool cards, turn endings, errors, sending, commands.
import { describe, expect, it } from 'vitest';
import { fail, makeTestStore, ok } from './fake-api';

const S = 'desktop:a';
const T = 'turn-1';

function loadedStore(extra = {}) {
  const ctx = makeTestStore({
    chat: {
      history: () => ok({ sessionKey: S, messages: [], toolEvents: [], hasMore: false }),
      send: () => ok({ turnId: T }),
      cancel: () => ok({ cancelled: true }),
      listSessions: () => ok({ sessions: [] }),
    },
    ...extra,
  });
  return ctx;
}

describe('chat slice', () => {
  it('batches 200 token events into one store update per frame', async () => {
    const { store, fake, frames } = loadedStore();
    await store.getState().selectSession(S);
    fake.emit({ type: 'turn.started', sessionKey: S, turnId: T, at: 1 });
    let updates = 0;
    const unsubscribe = store.subscribe(() => updates++);
    for (let i = 0; i < 200; i++) fake.emit({ type: 'token', sessionKey: S, turnId: T, text: `w${i} ` });
    expect(updates).toBe(0);
    expect(store.getState().threads[S]!.streamText).toBe('');
    frames.tick();
    unsubscribe();
    expect(updates).toBe(1);
    expect(store.getState().threads[S]!.streamText).toBe(Array.from({ length: 200 }, (_, i) => `w${i} `).join(''));
  });

  it('commits streamed text before a tool card and fills the card when the tool finishes', async () => {
    const { store, fake } = loadedStore();
    await store.getState().selectSession(S);
    fake.emit({ type: 'turn.started', sessionKey: S, turnId: T, at: 1 });
    fake.emit({ type: 'token', sessionKey: S, turnId: T, text: 'Let me look.' });
    fake.emit({ type: 'tool.started', sessionKey: S, turnId: T, callId: 'c1', name: 'read_file', args: '{"path":"a.md"}', at: 5 });
    let items = store.getState().threads[S]!.items;
    expect(items.map((i) => i.kind)).toEqual(['assistant', 'tool']);
    expect(items[0]).toMatchObject({ kind: 'assistant', text: 'Let me look.' });
    expect(items[1]).toMatchObject({ kind: 'tool', name: 'read_file', status: 'running' });
    expect(store.getState().threads[S]!.streamText).toBe('');
    fake.emit({ type: 'tool.finished', sessionKey: S, turnId: T, callId: 'c1', name: 'read_file', ok: true, status: 'ok', result: '# A', durationMs: 12 });
    items = store.getState().threads[S]!.items;
    expect(items[1]).toMatchObject({ status: 'ok', result: '# A', durationMs: 12 });
  });

  it('a running tool card shows its latest progress; a finished one ignores late progress', async () => {
    const { store, fake } = loadedStore();
    await store.getState().selectSession(S);
    fake.emit({ type: 'tool.started', sessionKey: S, turnId: T, callId: 'c1', name: 'mcp_ci_build', args: '{}', at: 5 });
    fake.emit({ type: 'tool.progress', sessionKey: S, turnId: T, callId: 'c1', progress: 3, total: 10, message: 'compiling' });
    expect(store.getState().threads[S]!.items[0]).toMatchObject({ status: 'running', progress: { progress: 3, total: 10, message: 'compiling' } });
    fake.emit({ type: 'tool.progress', sessionKey: S, turnId: T, callId: 'c1', progress: 4 });
    expect(store.getState().threads[S]!.items[0]).toMatchObject({ progress: { progress: 4 } });
    fake.emit({ type: 'tool.finished', sessionKey: S, turnId: T, callId: 'c1', name: 'mcp_ci_build', ok: true, status: 'ok', result: 'ok', durationMs: 9 });
    const finished = store.getState().threads[S]!.items[0];
    fake.emit({ type: 'tool.progress', sessionKey: S, turnId: T, callId: 'c1', progress: 5 });
    expect(store.getState().threads[S]!.items[0]).toBe(finished);
  });

  it('a finished turn leaves no tool spinning', async () => {
    const { store, fake } = loadedStore();
    await store.getState().selectSession(S);
    fake.emit({ type: 'tool.started', sessionKey: S, turnId: T, callId: 'c1', name: 'exec', args: '{}', at: 5 });
    fake.emit({ type: 'turn.finished', sessionKey: S, turnId: T, stopReason: 'cancelled', text: '', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } });
    expect(store.getState().threads[S]!.items[0]).toMatchObject({ kind: 'tool', status: 'interrupted', result: 'Did not finish: the turn ended first.' });
  });

  it('turn.finished turns the stream into a message; cancelled adds "Stopped."', async () => {
    const { store, fake } = loadedStore();
    await store.getState().selectSession(S);
    fake.emit({ type: 'turn.started', sessionKey: S, turnId: T, at: 1 });
    fake.emit({ type: 'token', sessionKey: S, turnId: T, text: 'Half an ans' });
    const usage = { promptTokens: 1, completionTokens: 1, totalTokens: 2 };
    fake.emit({ type: 'turn.finished', sessionKey: S, turnId: T, stopReason: 'cancelled', text: '', usage });
    const t = store.getState().threads[S]!;
    expect(t.turnId).toBeNull();
    expect(t.items.map((i) => (i.kind === 'assistant' || i.kind === 'notice' ? i.text : i.kind))).toEqual(['Half an ans', 'Stopped.']);
  });

  it('a stopped turn says "Stopped." even when the core reports it completed', async () => {
    const { store, fake } = loadedStore();
    await store.getState().selectSession(S);
    fake.emit({ type: 'turn.started', sessionKey: S, turnId: T, at: 1 });
    fake.emit({ type: 'token', sessionKey: S, turnId: T, text: 'partial' });
    await store.getState().stopTurn();
    expect(store.getState().threads[S]!.stopRequested).toBe(true);
    fake.emit({ type: 'turn.finished', sessionKey: S, turnId: T, stopReason: 'completed', text: 'partial', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } });
    const t = store.getState().threads[S]!;
    expect(t.items.map((i) => (i.kind === 'assistant' || i.kind === 'notice' ? i.text : i.kind))).toEqual(['partial', 'Stopped.']);
    expect(t.stopRequested).toBe(false);
  });

  it('a turn error joins the conversation with its fix: "Open settings" for key problems, else retry', async () => {
    const { store, fake } = loadedStore();
    await store.getState().selectSession(S);
    const usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
    fake.emit({ type: 'turn.finished', sessionKey: S, turnId: T, stopReason: 'error', text: '', error: '401 Incorrect API key provided', errorKind: 'auth', usage });
    expect(store.getState().threads[S]!.items.at(-1)).toMatchObject({ kind: 'turn-error', message: '401 Incorrect API key provided', fix: 'settings', turnId: T });
    fake.emit({ type: 'turn.finished', sessionKey: S, turnId: T, stopReason: 'error', text: '', error: 'stream ended early', errorKind: 'unknown', usage });
    expect(store.getState().threads[S]!.items.at(-1)).toMatchObject({ kind: 'turn-error', message: 'stream ended early', fix: 'retry' });
    expect(store.getState().threads[S]!.error).toBeNull(); // the banner is for sends the core refused
  });

  it('sending shows the message at once, and takes it back when the send is refused', async () => {
    const { store, fake } = loadedStore();
    await store.getState().selectSession(S);
    expect(await store.getState().sendMessage('hello')).toBe(true);
    expect(store.getState().threads[S]!.items).toMatchObject([{ kind: 'user', text: 'hello' }]);
    expect(store.getState().threads[S]!.turnId).toBe(T);
    expect(fake.calls.find((c) => c.method === 'chat.send')?.input).toEqual({ sessionKey: S, text: 'hello', images: undefined });

    // A refused send (here the web bridge's lost connection) is worth a retry; provider problems come as the turn's errorKind.
    fake.handlers.chat!.send = () => fail('unavailable', 'The connection to Nanotray was lost.');
    store.setState((s) => ({ threads: { ...s.threads, [S]: { ...s.threads[S]!, turnId: null } } }));
    expect(await store.getState().sendMessage('again')).toBe(false);
    const t = store.getState().threads[S]!;
    expect(t.items.map((i) => i.kind === 'user' && i.text)).toEqual(['hello']);
    expect(t.error).toEqual({ message: 'The connection to Nanotray was lost.', fix: 'retry' });
  });

  it('a slash command goes to commands.run and its output shows as a notice', async () => {
    const { store, fake } = loadedStore({ commands: { run: () => ok({ handled: true, output: 'Commands: /help /new' }) } });
    await store.getState().selectSession(S);
    await store.getState().sendMessage('/help');
    expect(fake.calls.some((c) => c.method === 'chat.send')).toBe(false);
    expect(store.getState().threads[S]!.items).toMatchObject([{ kind: 'notice', text: 'Commands: /help /new' }]);
  });

  it('the window and quick ask ask the core only about what the contract rule calls a command', async () => {
    for (const session of [S, 'quick:default']) {
      const { store, fake } = loadedStore({ commands: { run: () => ok({ handled: true, output: 'ok' }) } });
      await store.getState().selectSession(session);
      for (const text of ['/help', '  /?', 'hello /help', '/123', '//x']) await store.getState().sendMessage(text);
      const asked = fake.calls.filter((c) => c.method === 'commands.run' || c.method === 'chat.send').map((c) => [c.method, (c.input as { text: string }).text]);
      expect(asked).toEqual([
        ['commands.run', '/help'],
        ['commands.run', '/?'],
        ['chat.send', 'hello /help'],
        ['chat.send', '/123'],
        ['chat.send', '//x'],
      ]);
    }
  });

  it('stop calls chat.cancel for the active session', async () => {
    const { store, fake } = loadedStore();
    await store.getState().selectSession(S);
    await store.getState().stopTurn();
    expect(fake.calls.at(-1)).toEqual({ method: 'chat.cancel', input: { sessionKey: S } });
  });

  it('loads history into items, folding tool results into their cards', async () => {
    const { store } = makeTestStore({
      chat: {
        history: () =>
          ok({
            sessionKey: S,
            hasMore: true,
            messages: [
              { id: 10, turnId: 't', role: 'user', content: 'read it', createdAt: 1 },
              { id: 11, turnId: 't', role: 'assistant', content: null, toolCalls: [{ id: 'c9', name: 'read_file', arguments: '{}' }], createdAt: 2 },
              { id: 12, turnId: 't', role: 'tool', content: 'text', toolCallId: 'c9', name: 'read_file', createdAt: 3 },
              { id: 13, turnId: 't', role: 'assistant', content: 'Done', createdAt: 4 },
            ],
            toolEvents: [{ id: 1, turnId: 't', callId: 'c9', name: 'read_file', args: '{"path":"x"}', status: 'ok', result: 'text', startedAt: 2, durationMs: 7 }],
          }),
      },
    });
    await store.getState().selectSession(S);
    const t = store.getState().threads[S]!;
    expect(t.items.map((i) => i.kind)).toEqual(['user', 'tool', 'assistant']);
    expect(t.items[1]).toMatchObject({ args: '{"path":"x"}', result: 'text', durationMs: 7, status: 'ok' });
    expect(t.hasMore).toBe(true);
    expect(t.oldestId).toBe(10);
  });
});

describe('chat slice: stored history changed', () => {
  const usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

  it('keeps the view when the stored history matches, reloads it when it was rewritten', async () => {
    let stored = [
      { id: 1, turnId: 't', role: 'user' as const, content: 'hi', createdAt: 1 },
      { id: 2, turnId: 't', role: 'assistant' as const, content: 'hello', createdAt: 2 },
    ];
    const { store, fake } = makeTestStore({
      chat: { history: () => ok({ sessionKey: S, messages: stored, toolEvents: [], hasMore: false }), listSessions: () => ok({ sessions: [] }) },
    });
    await store.getState().selectSession(S);
    const before = store.getState().threads[S]!.items;
    fake.emit({ type: 'session.changed', sessionKey: S, change: 'updated' });
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().threads[S]!.items).toBe(before);

    stored = [];
    fake.emit({ type: 'session.changed', sessionKey: S, change: 'updated' });
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().threads[S]!.items).toEqual([]);
    fake.emit({ type: 'turn.finished', sessionKey: S, turnId: 't', stopReason: 'completed', text: '', usage });
  });
});

describe('chat slice: opening a chat that ran while it was not shown', () => {
  it('shows the stored history once, without the live copies', async () => {
    const Q = 'quick:default';
    const { store, fake, frames } = makeTestStore({
      chat: {
        history: () =>
          ok({
            sessionKey: Q,
            messages: [
              { id: 1, turnId: 'q1', role: 'user', content: 'What time is it?', createdAt: 1 },
              { id: 2, turnId: 'q1', role: 'assistant', content: 'It is noon.', createdAt: 2 },
            ],
            toolEvents: [],
            hasMore: false,
          }),
      },
    });
    fake.emit({ type: 'turn.started', sessionKey: Q, turnId: 'q1', at: 1 });
    fake.emit({ type: 'token', sessionKey: Q, turnId: 'q1', text: 'It is noon.' });
    frames.tick();
    fake.emit({ type: 'turn.finished', sessionKey: Q, turnId: 'q1', stopReason: 'completed', text: 'It is noon.', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } });
    await store.getState().selectSession(Q);
    const texts = store.getState().threads[Q]!.items.map((i) => (i.kind === 'user' || i.kind === 'assistant' ? i.text : i.kind));
    expect(texts).toEqual(['What time is it?', 'It is noon.']);
  });

  it('keeps the running turn\'s tool card that is not stored yet', async () => {
    const { mergeLive } = await import('../../src-renderer/src/state/history-items');
    const history = [{ kind: 'user' as const, id: 'm1', text: 'go', at: 1 }];
    const live = [
      { kind: 'user' as const, id: 'u-local', text: 'go', at: 1 },
      { kind: 'tool' as const, id: 'tc1', turnId: 't9', name: 'exec', args: '{}', status: 'running' as const, startedAt: 2 },
      { kind: 'assistant' as const, id: 'a-old', text: 'old answer', at: 0, turnId: 't1' },
    ];
    expect(mergeLive(history, live, 't9').map((i) => i.id)).toEqual(['m1', 'tc1']);
    expect(mergeLive(history, live, null).map((i) => i.id)).toEqual(['m1']);
  });
});
