// Rewriting the end of a chat from the window: Retry/Regenerate ask the core for a new answer to the same
// question (never a second copy of it), edit and resend names the message's turn; stored turn ends come back
// as a failure with its fix or a stop notice; tool cards are keyed by turn and call, as providers reuse call ids.
import { describe, expect, it } from 'vitest';
import { historyToItems, mergeLive } from '../../src-renderer/src/state/history-items';
import { latestAnswerIndex } from '../../src-renderer/src/features/chat/MessageList';
import { fail, makeTestStore, ok } from './fake-api';

const S = 'desktop:a';
const usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

function store(handlers: Record<string, (input: any) => unknown> = {}) {
  return makeTestStore({
    chat: {
      history: () => ok({ sessionKey: S, messages: [], toolEvents: [], hasMore: false }),
      send: () => ok({ turnId: 'turn-1' }),
      regenerate: () => ok({ turnId: 'turn-2' }),
      edit: () => ok({ turnId: 'turn-3' }),
      listSessions: () => ok({ sessions: [] }),
      ...handlers,
    },
  });
}

describe('rewriting the end of a chat', () => {
  it('Retry after a failure asks for a new answer and sends nothing twice', async () => {
    const { store: s, fake } = store();
    await s.getState().selectSession(S);
    await s.getState().sendMessage('What is 2+2?');
    fake.emit({ type: 'turn.started', sessionKey: S, turnId: 'turn-1', at: 1 });
    fake.emit({ type: 'turn.finished', sessionKey: S, turnId: 'turn-1', stopReason: 'error', text: '', error: 'Server error (500).', errorKind: 'server', usage });
    expect(s.getState().threads[S]!.items.map((i) => i.kind)).toEqual(['user', 'turn-error']);
    expect(await s.getState().regenerate(S)).toBe(true);
    expect(fake.calls.filter((c) => c.method === 'chat.send')).toHaveLength(1);
    expect(fake.calls.at(-1)).toEqual({ method: 'chat.regenerate', input: { sessionKey: S } });
    const t = s.getState().threads[S]!;
    expect(t.items.map((i) => i.kind)).toEqual(['user']);
    expect(t.turnId).toBe('turn-2');
  });

  it('a refused regenerate puts the conversation back and says why', async () => {
    const { store: s } = store({ regenerate: () => fail('conflict', 'A turn is running in this chat; stop it first.') });
    await s.getState().selectSession(S);
    await s.getState().sendMessage('Q');
    s.setState((st) => ({ threads: { ...st.threads, [S]: { ...st.threads[S]!, turnId: null } } }));
    const before = s.getState().threads[S]!.items;
    expect(await s.getState().regenerate(S)).toBe(false);
    expect(s.getState().threads[S]!.items).toEqual(before);
    expect(s.getState().toasts.at(-1)?.body).toBe('A turn is running in this chat; stop it first.');
  });

  it('edit and resend sends the new text for the message\'s turn and drops what followed it', async () => {
    const { store: s, fake } = store();
    await s.getState().selectSession(S);
    await s.getState().sendMessage('first question');
    fake.emit({ type: 'turn.started', sessionKey: S, turnId: 'turn-1', at: 1 });
    fake.emit({ type: 'token', sessionKey: S, turnId: 'turn-1', text: 'An answer.' });
    fake.emit({ type: 'turn.finished', sessionKey: S, turnId: 'turn-1', stopReason: 'completed', text: 'An answer.', usage });
    const question = s.getState().threads[S]!.items[0]!;
    expect(question).toMatchObject({ kind: 'user', turnId: 'turn-1' });
    expect(await s.getState().editAndResend(S, question.id, '  a better question ')).toBe(true);
    expect(fake.calls.at(-1)).toEqual({ method: 'chat.edit', input: { sessionKey: S, turnId: 'turn-1', text: 'a better question' } });
    const t = s.getState().threads[S]!;
    expect(t.items).toMatchObject([{ kind: 'user', text: 'a better question', turnId: 'turn-3' }]);
    // nothing to send: refused before the core is asked
    expect(await s.getState().editAndResend(S, t.items[0]!.id, '   ')).toBe(false);
  });

  it('stored turn ends come back as the failure with its fix, or the stop notice', () => {
    const items = historyToItems(
      [
        { id: 1, turnId: 'a', role: 'user', content: 'Q1', createdAt: 1 },
        { id: 2, turnId: 'a', role: 'system', content: 'The provider rejected the API key (401).', turnEnd: { stopReason: 'error', errorKind: 'auth' }, createdAt: 2 },
        { id: 3, turnId: 'b', role: 'user', content: 'Q2', createdAt: 3 },
        { id: 4, turnId: 'b', role: 'assistant', content: 'Half', interrupted: true, createdAt: 4 },
        { id: 5, turnId: 'b', role: 'system', content: 'Stopped.', turnEnd: { stopReason: 'cancelled' }, createdAt: 5 },
      ],
      [],
    );
    expect(items).toMatchObject([
      { kind: 'user', text: 'Q1', turnId: 'a' },
      { kind: 'turn-error', message: 'The provider rejected the API key (401).', fix: 'settings', turnId: 'a' },
      { kind: 'user', text: 'Q2', turnId: 'b' },
      { kind: 'assistant', text: 'Half', interrupted: true },
      { kind: 'notice', text: 'Stopped.', tone: 'stopped' },
    ]);
    // Regenerate belongs to the answer that ends the chat, behind its notices
    expect(latestAnswerIndex(items)).toBe(3);
    expect(latestAnswerIndex(items.slice(0, 3))).toBe(-1);
  });

  it('tool cards of two turns that reuse a call id stay apart, live and from history', async () => {
    const { store: s, fake } = store();
    await s.getState().selectSession(S);
    for (const turnId of ['t1', 't2']) {
      fake.emit({ type: 'turn.started', sessionKey: S, turnId, at: 1 });
      fake.emit({ type: 'tool.started', sessionKey: S, turnId, callId: 'call_0', name: 'list_dir', args: '{}', at: 2 });
      fake.emit({ type: 'tool.finished', sessionKey: S, turnId, callId: 'call_0', name: 'list_dir', ok: true, status: 'ok', result: `listing of ${turnId}`, durationMs: 1 });
      fake.emit({ type: 'turn.finished', sessionKey: S, turnId, stopReason: 'completed', text: '', usage });
    }
    const cards = s.getState().threads[S]!.items.filter((i) => i.kind === 'tool');
    expect(cards.map((c) => c.kind === 'tool' && c.result)).toEqual(['listing of t1', 'listing of t2']);
    expect(new Set(cards.map((c) => c.id)).size).toBe(2);

    const stored = historyToItems(
      ['t1', 't2'].flatMap((turnId, n) => [
        { id: n * 2 + 1, turnId, role: 'assistant' as const, content: null, toolCalls: [{ id: 'call_0', name: 'list_dir', arguments: '{}' }], createdAt: 1 },
        { id: n * 2 + 2, turnId, role: 'tool' as const, content: `result of ${turnId}`, toolCallId: 'call_0', name: 'list_dir', createdAt: 2 },
      ]),
      [],
    );
    expect(stored.map((i) => i.kind === 'tool' && i.result)).toEqual(['result of t1', 'result of t2']);
  });

  it('a stored call without a result is running in the running turn and interrupted in any other, never an error', () => {
    const call = (id: number, turnId: string) => ({ id, turnId, role: 'assistant' as const, content: null, toolCalls: [{ id: 'call_0', name: 'write_file', arguments: '{}' }], createdAt: id });
    const skipped = { id: 3, turnId: 'old', role: 'tool' as const, content: 'Error: The turn was cancelled before this tool ran.', toolCallId: 'call_1', name: 'exec', createdAt: 3 };
    const messages = [call(1, 'old'), { ...call(2, 'old'), toolCalls: [{ id: 'call_1', name: 'exec', arguments: '{}' }] }, skipped, call(4, 'now')];
    const status = (runningTurnId?: string) => historyToItems(messages, [], {}, runningTurnId).map((i) => i.kind === 'tool' && `${i.turnId}:${i.status}`);
    expect(status('now')).toEqual(['old:interrupted', 'old:interrupted', 'now:running']);
    expect(status()).toEqual(['old:interrupted', 'old:interrupted', 'now:interrupted']);
  });

  it('after a reload the running turn is the thread\'s, and its waiting call shows the approval it waits for', async () => {
    const request = { id: 'r1', sessionKey: S, turnId: 'now', callId: 'call_0', tool: 'write_file', category: 'write' as const, args: '{}', expiresAt: 9e12 };
    const { store: s, fake } = store({
      history: () =>
        ok({
          sessionKey: S,
          messages: [{ id: 1, turnId: 'now', role: 'assistant', content: null, toolCalls: [{ id: 'call_0', name: 'write_file', arguments: '{}' }], createdAt: 1 }],
          toolEvents: [],
          hasMore: false,
          runningTurnId: 'now',
        }),
    });
    s.setState({ approvals: { r1: request } });
    await s.getState().selectSession(S);
    const t = s.getState().threads[S]!;
    expect(t.turnId).toBe('now');
    expect(t.items.map((i) => (i.kind === 'tool' ? `tool:${i.status}` : i.kind))).toEqual(['tool:running', 'approval']);
    fake.emit({ type: 'tool.finished', sessionKey: S, turnId: 'now', callId: 'call_0', name: 'write_file', ok: true, status: 'ok', result: 'written', durationMs: 3 });
    expect(s.getState().threads[S]!.items[0]).toMatchObject({ kind: 'tool', status: 'ok', result: 'written' });
  });

  it('a call the history read as running keeps the result that arrived live meanwhile', () => {
    const stored = historyToItems([{ id: 1, turnId: 'now', role: 'assistant', content: null, toolCalls: [{ id: 'call_0', name: 'list_dir', arguments: '{}' }], createdAt: 1 }], [], {}, 'now');
    const live = [{ ...stored[0]!, status: 'ok' as const, result: 'a.md' }];
    expect(mergeLive(stored, live as typeof stored, 'now')).toMatchObject([{ kind: 'tool', status: 'ok', result: 'a.md' }]);
  });
});
