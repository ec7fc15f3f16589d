// Chat slice and provider events: reasoning streamed apart from the answer, retry countdowns, failover and notices,
// interrupted answers, and what history brings back.
import { describe, expect, it } from 'vitest';
import { historyToItems } from '../../src-renderer/src/state/history-items';
import { makeTestStore, ok } from './fake-api';

const S = 'desktop:a';
const T = 'turn-1';
const usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

function loadedStore() {
  return makeTestStore({
    chat: {
      history: () => ok({ sessionKey: S, messages: [], toolEvents: [], hasMore: false }),
      send: () => ok({ turnId: T }),
      cancel: () => ok({ cancelled: true }),
      listSessions: () => ok({ sessions: [] }),
    },
  });
}

describe('chat slice: provider events', () => {
  it('reasoning streams into its own buffer and ends up on the answer item, apart from the text', async () => {
    const { store, fake, frames } = loadedStore();
    await store.getState().selectSession(S);
    fake.emit({ type: 'turn.started', sessionKey: S, turnId: T, at: 1 });
    fake.emit({ type: 'reasoning', sessionKey: S, turnId: T, text: 'Two plus ' });
    fake.emit({ type: 'reasoning', sessionKey: S, turnId: T, text: 'two.' });
    frames.tick();
    expect(store.getState().threads[S]).toMatchObject({ streamReasoning: 'Two plus two.', streamText: '' });
    fake.emit({ type: 'token', sessionKey: S, turnId: T, text: '4' });
    frames.tick();
    fake.emit({ type: 'turn.finished', sessionKey: S, turnId: T, stopReason: 'completed', text: '4', usage });
    const items = store.getState().threads[S]!.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'assistant', text: '4', reasoning: 'Two plus two.' });
    expect(store.getState().threads[S]!.streamReasoning).toBe('');
  });

  it('reasoning before a tool call stays as its own item', async () => {
    const { store, fake } = loadedStore();
    await store.getState().selectSession(S);
    fake.emit({ type: 'turn.started', sessionKey: S, turnId: T, at: 1 });
    fake.emit({ type: 'reasoning', sessionKey: S, turnId: T, text: 'Read the notes.' });
    fake.emit({ type: 'tool.started', sessionKey: S, turnId: T, callId: 'c1', name: 'read_file', args: '{}', at: 2 });
    expect(store.getState().threads[S]!.items.map((i) => [i.kind, i.kind === 'assistant' ? i.reasoning : undefined])).toEqual([
      ['assistant', 'Read the notes.'],
      ['tool', undefined],
    ]);
  });

  it('a retry sets the countdown; the next token clears it', async () => {
    const { store, fake, frames } = loadedStore();
    await store.getState().selectSession(S);
    fake.emit({ type: 'turn.started', sessionKey: S, turnId: T, at: 1 });
    fake.emit({ type: 'provider.retry', sessionKey: S, turnId: T, attempt: 1, waitMs: 4000, retryAt: 5000, message: 'Rate limited (429).', errorKind: 'rate_limit' });
    expect(store.getState().threads[S]!.retry).toEqual({ message: 'Rate limited (429).', attempt: 1, retryAt: 5000 });
    fake.emit({ type: 'token', sessionKey: S, turnId: T, text: 'ok' });
    frames.tick();
    expect(store.getState().threads[S]!.retry).toBeNull();
  });

  it('says older messages are being summarised until the answer starts', async () => {
    const { store, fake, frames } = loadedStore();
    await store.getState().selectSession(S);
    fake.emit({ type: 'turn.started', sessionKey: S, turnId: T, at: 1 });
    fake.emit({ type: 'turn.summarising', sessionKey: S, turnId: 'another turn', phase: 'started', messages: 9 });
    expect(store.getState().threads[S]!.summarising).toBeNull(); // not this turn's
    fake.emit({ type: 'turn.summarising', sessionKey: S, turnId: T, phase: 'started', messages: 250 });
    expect(store.getState().threads[S]!.summarising).toBe(250);
    fake.emit({ type: 'token', sessionKey: S, turnId: T, text: 'ok' });
    frames.tick();
    expect(store.getState().threads[S]!.summarising).toBeNull();
    // Summarising that ends before any answer (a failed request, a slow model) stops saying so.
    fake.emit({ type: 'turn.summarising', sessionKey: S, turnId: T, phase: 'started', messages: 40 });
    fake.emit({ type: 'turn.summarising', sessionKey: S, turnId: T, phase: 'finished', messages: 12 });
    expect(store.getState().threads[S]!.summarising).toBeNull();
  });

  it('a failover and a notice become notices in the conversation', async () => {
    const { store, fake } = loadedStore();
    await store.getState().selectSession(S);
    fake.emit({ type: 'provider.failover', sessionKey: S, turnId: T, from: 'gpt-4.1', to: 'local (qwen3:8b)', reason: 'Server error (503).' });
    fake.emit({ type: 'provider.notice', sessionKey: S, turnId: T, code: 'tools_dropped', message: 'No tools for this model.' });
    expect(store.getState().threads[S]!.items.map((i) => (i.kind === 'notice' ? i.text : i.kind))).toEqual([
      'Answered by local (qwen3:8b) — gpt-4.1 failed: Server error (503).',
      'No tools for this model.',
    ]);
  });

  it('text streamed before an error is kept as an interrupted answer', async () => {
    const { store, fake, frames } = loadedStore();
    await store.getState().selectSession(S);
    fake.emit({ type: 'turn.started', sessionKey: S, turnId: T, at: 1 });
    fake.emit({ type: 'token', sessionKey: S, turnId: T, text: 'Half an ans' });
    frames.tick();
    fake.emit({ type: 'turn.finished', sessionKey: S, turnId: T, stopReason: 'error', text: 'Half an ans', error: 'The stream broke.', errorKind: 'interrupted', usage });
    const thread = store.getState().threads[S]!;
    expect(thread.items[0]).toMatchObject({ kind: 'assistant', text: 'Half an ans', interrupted: true });
    expect(thread.items[1]).toMatchObject({ kind: 'turn-error', message: 'The stream broke.', fix: 'retry' });
  });
});

describe('historyToItems: provider fields', () => {
  it('carries reasoning, interrupted and answeredBy; a reasoning-only message is an item', () => {
    const items = historyToItems(
      [
        { id: 1, turnId: 't', role: 'assistant', content: null, reasoning: 'Plan.', toolCalls: [{ id: 'c', name: 'read_file', arguments: '{}' }], createdAt: 1 },
        { id: 2, turnId: 't', role: 'tool', content: 'x', toolCallId: 'c', name: 'read_file', createdAt: 2 },
        { id: 3, turnId: 't', role: 'assistant', content: 'Cut', interrupted: true, answeredBy: 'backup (m)', createdAt: 3 },
      ],
      [],
    );
    expect(items.map((i) => (i.kind === 'assistant' ? [i.text, i.reasoning, i.interrupted, i.answeredBy] : i.kind))).toEqual([
      ['', 'Plan.', undefined, undefined],
      'tool',
      ['Cut', undefined, true, 'backup (m)'],
    ]);
  });
});
