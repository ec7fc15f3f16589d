// How a turn ended is kept with it, and the user rewrites the end of a chat: regenerate (Retry) answers the last
// question again without a second copy of it, edit and resend replaces a message and everything after it.
import { describe, expect, it, vi } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { Core } from '../../../src-main/core/nanotray-core';
import { createApiHandlers } from '../../../src-main/core/api/api-handlers';
import { createDispatcher } from '../../../src-main/core/api/dispatch';
import { headlessHost } from '../../../src-main/core/api/api-host';
import { listMessages } from '../../../src-main/core/store/messages.repo';
import { listToolEvents } from '../../../src-main/core/store/tool-events.repo';
import { versionChoices } from '../../../src-main/core/store/message-versions.repo';
import { useScriptedCore } from '../../helpers/scripted-core';

type Answer = { ok: boolean; value?: any; error?: { code: string; message: string } };
const S = 'desktop:edits';

function api(core: Core) {
  const dispatch = createDispatcher(createApiHandlers(core, headlessHost('electron', '1.0.0')), { logError: () => undefined });
  return (channel: string, payload?: unknown) => dispatch(channel, payload) as Promise<Answer>;
}

/** Starts a turn through `start` and resolves with its turn.finished event. */
async function finished(core: Core, start: () => Promise<Answer>): Promise<Extract<CoreEvent, { type: 'turn.finished' }>> {
  const done = new Promise<Extract<CoreEvent, { type: 'turn.finished' }>>((resolve) => {
    const off = core.events.on((e) => {
      if (e.type === 'turn.finished' && e.sessionKey === S) {
        off();
        resolve(e);
      }
    });
  });
  const answer = await start();
  expect(answer.error).toBeUndefined();
  const end = await done;
  await vi.waitFor(() => expect(core.sessions.isBusy(S)).toBe(false)); // the run settles just after its event
  return end;
}

const texts = (core: Core) => listMessages(core.db, S).map((m) => `${m.role}:${m.content ?? ''}`);

describe('chat history edits', () => {
  const scripted = useScriptedCore({ approvalMode: 'auto' });

  it('a failed turn keeps its error in the history, for the window to show after a reload', async () => {
    const core = scripted.open();
    const call = api(core);
    scripted.llm.enqueue({ status: 401, errorMessage: 'bad key' });
    const end = await finished(core, () => call('chat:send', { sessionKey: S, text: 'hello' }));
    expect(end.stopReason).toBe('error');
    const history = (await call('chat:history', { sessionKey: S })).value;
    const last = history.messages.at(-1);
    expect(last.role).toBe('system');
    expect(last.turnEnd).toEqual({ stopReason: 'error', errorKind: 'auth' });
    expect(last.content).toBe(end.error);
    // the model never sees the record
    scripted.llm.enqueue({ text: 'fine now' });
    await finished(core, () => call('chat:send', { sessionKey: S, text: 'again' }));
    const sent = scripted.llm.requests.at(-1)!.body.messages as { role: string; content: string }[];
    expect(sent.filter((m) => m.role === 'system')).toHaveLength(1);
    expect(sent.map((m) => m.content).join('\n')).not.toContain(end.error);
  });

  it('a stopped turn is stored as stopped', async () => {
    const core = scripted.open();
    const call = api(core);
    scripted.llm.enqueue({ text: Array.from({ length: 50 }, (_, i) => `w${i} `), chunkDelayMs: 40 });
    const started = new Promise<void>((resolve) => {
      const off = core.events.on((e) => {
        if (e.type === 'token') {
          off();
          resolve();
        }
      });
    });
    const end = finished(core, () => call('chat:send', { sessionKey: S, text: 'long story' }));
    await started;
    await call('chat:cancel', { sessionKey: S });
    expect((await end).stopReason).toBe('cancelled');
    const history = (await call('chat:history', { sessionKey: S })).value;
    expect(history.messages.at(-1)).toMatchObject({ role: 'system', content: 'Stopped.', turnEnd: { stopReason: 'cancelled' } });
    expect(history.messages.at(-2)).toMatchObject({ role: 'assistant', interrupted: true });
  });

  it('regenerate after a failure answers the same question once, with no second copy of it', async () => {
    const core = scripted.open();
    const call = api(core);
    scripted.llm.enqueue({ status: 500, errorMessage: 'boom' });
    await finished(core, () => call('chat:send', { sessionKey: S, text: 'What is 2+2?' }));
    scripted.llm.enqueue({ text: 'Four.' });
    const end = await finished(core, () => call('chat:regenerate', { sessionKey: S }));
    expect(end.stopReason).toBe('completed');
    expect(texts(core)).toEqual(['user:What is 2+2?', 'assistant:Four.']);
    const sent = scripted.llm.requests.at(-1)!.body.messages as { role: string; content: string }[];
    const questions = sent.filter((m) => m.role === 'user');
    expect(questions).toHaveLength(1);
    expect(questions[0]!.content.startsWith('What is 2+2?')).toBe(true);
  });

  it('regenerate replaces the last answer, keeping it (its tool calls and events) as version 1', async () => {
    const core = scripted.open();
    const call = api(core);
    scripted.llm.enqueue({ toolCalls: [{ name: 'list_dir', arguments: { path: '.' } }] }, { text: 'First answer.' });
    await finished(core, () => call('chat:send', { sessionKey: S, text: 'Look around' }));
    expect(listToolEvents(core.db, S)).toHaveLength(1);
    scripted.llm.enqueue({ text: 'Second answer.' });
    await finished(core, () => call('chat:regenerate', { sessionKey: S }));
    expect(texts(core)).toEqual(['user:Look around', 'assistant:Second answer.']);
    expect(versionChoices(core.db, S)).toMatchObject([{ index: 2, count: 2 }]);
    // the first answer's tool card keeps its event, for when that version is shown again
    expect(listToolEvents(core.db, S)).toHaveLength(1);
    const [fork] = versionChoices(core.db, S);
    expect((await call('chat:show-version', { sessionKey: S, parentId: fork!.parentId, index: 1 })).value).toEqual({ shown: true });
    expect(texts(core).at(-1)).toBe('assistant:First answer.');
    expect(texts(core)).not.toContain('assistant:Second answer.');
  });

  it('edit and resend replaces the message and everything after it, kept as version 1', async () => {
    const core = scripted.open();
    const call = api(core);
    scripted.llm.enqueue({ text: 'A1' }, { toolCalls: [{ name: 'list_dir', arguments: { path: '.' } }] }, { text: 'A2' });
    const first = await finished(core, () => call('chat:send', { sessionKey: S, text: 'Q1' }));
    const second = await finished(core, () => call('chat:send', { sessionKey: S, text: 'Q2' }));
    expect(listToolEvents(core.db, S)).toHaveLength(1);
    scripted.llm.enqueue({ text: 'A1 again' });
    await finished(core, () => call('chat:edit', { sessionKey: S, turnId: first.turnId, text: 'Q1, better asked' }));
    expect(texts(core)).toEqual(['user:Q1, better asked', 'assistant:A1 again']);
    expect(versionChoices(core.db, S)).toMatchObject([{ parentId: 0, index: 2, count: 2 }]);
    expect(listToolEvents(core.db, S)).toHaveLength(1);
    // the edited turn is not shown: editing it again says so and changes nothing
    const again = await call('chat:edit', { sessionKey: S, turnId: second.turnId, text: 'Q2?' });
    expect(again.error?.code).toBe('not_found');
    expect(texts(core)).toEqual(['user:Q1, better asked', 'assistant:A1 again']);
  });

  it('refuses to rewrite a chat while it answers, and refuses an empty edit, losing nothing', async () => {
    const core = scripted.open();
    const call = api(core);
    scripted.llm.enqueue({ text: 'Sure.' });
    const first = await finished(core, () => call('chat:send', { sessionKey: S, text: 'Q' }));
    scripted.llm.enqueue({ text: ['slow ', 'answer'], chunkDelayMs: 300 });
    const running = finished(core, () => call('chat:send', { sessionKey: S, text: 'Q2' }));
    expect((await call('chat:regenerate', { sessionKey: S })).error?.code).toBe('conflict');
    expect((await call('chat:edit', { sessionKey: S, turnId: first.turnId, text: 'x' })).error?.code).toBe('conflict');
    await running;
    expect((await call('chat:edit', { sessionKey: S, turnId: first.turnId, text: '   ' })).error?.code).toBe('invalid_input');
    expect((await call('chat:regenerate', { sessionKey: 'desktop:empty' })).error?.code).toBe('not_found');
    expect(texts(core)).toEqual(['user:Q', 'assistant:Sure.', 'user:Q2', 'assistant:slow answer']);
  });
});
