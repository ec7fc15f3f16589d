// Elicitation slice: requests for input kept per session until resolved, a toast when the chat is not in view, the
// answer sent (a link opened first), problems handed back so the form keeps what was typed, and what became of the
// request noted in the conversation.
import { describe, expect, it } from 'vitest';
import type { ElicitationRequest } from '@contract/schemas';
import { makeTestStore, ok } from './fake-api';

const FORM: ElicitationRequest = {
  id: 'e1',
  sessionKey: 'desktop:a',
  turnId: 't1',
  callId: 'c1',
  server: 'crm',
  message: 'Who are you?',
  mode: 'form',
  fields: [{ kind: 'text', name: 'name', label: 'Name', required: true, secretLike: false }],
  expiresAt: 10_000,
};
const LINK: ElicitationRequest = { ...FORM, id: 'e2', mode: 'url', fields: undefined, link: { url: 'https://auth.example.com/x', host: 'auth.example.com', opens: true } };
const history = (sessionKey: string) => ok({ sessionKey, messages: [], toolEvents: [], hasMore: false });

describe('elicitation slice', () => {
  it('keeps a request until it is resolved, and notes the outcome in its chat', async () => {
    const { store, fake } = makeTestStore({ chat: { history: ({ sessionKey }: { sessionKey: string }) => history(sessionKey) } });
    await store.getState().selectSession('desktop:a');
    fake.emit({ type: 'elicitation.requested', ...FORM });
    expect(store.getState().elicitations).toEqual({ e1: FORM });
    expect(store.getState().toasts).toEqual([]);
    fake.emit({ type: 'elicitation.resolved', id: 'e1', sessionKey: 'desktop:a', action: 'accept' });
    expect(store.getState().elicitations).toEqual({});
    const notices = store.getState().threads['desktop:a']!.items.map((i) => (i.kind === 'notice' ? i.text : i.kind));
    expect(notices).toEqual(['You answered MCP server crm.']);
  });

  it('says so in a toast when the chat is not in view', () => {
    const { store, fake } = makeTestStore();
    fake.emit({ type: 'elicitation.requested', ...FORM });
    expect(store.getState().toasts.map((t) => [t.title, t.body, t.sessionKey])).toEqual([['Input needed', 'MCP server crm asks for your input. Open the chat to answer.', 'desktop:a']]);
  });

  it('sends the answer and hands back what does not fit', async () => {
    const problems = [{ field: 'name', code: 'min_length', limit: 2 }];
    const { store, fake } = makeTestStore({ elicitation: { respond: () => ok({ resolved: false, problems }) } });
    fake.emit({ type: 'elicitation.requested', ...FORM });
    expect(await store.getState().respondElicitation('e1', 'accept', { name: 'A' })).toEqual(problems);
    expect(fake.calls.find((c) => c.method === 'elicitation.respond')?.input).toEqual({ id: 'e1', action: 'accept', content: { name: 'A' } });
    expect(store.getState().elicitations.e1).toEqual(FORM);
  });

  it('opens a link before it says the page was opened', async () => {
    const { store, fake } = makeTestStore({ elicitation: { respond: () => ok({ resolved: true }) }, app: { openExternal: () => ok({ opened: true }) } });
    fake.emit({ type: 'elicitation.requested', ...LINK });
    expect(await store.getState().respondElicitation('e2', 'accept')).toEqual([]);
    expect(fake.calls.map((c) => c.method).filter((m) => m !== 'chat.history')).toEqual(['app.openExternal', 'elicitation.respond']);
    expect(fake.calls[0]?.input).toEqual({ url: 'https://auth.example.com/x' });
  });

  it('loads the requests that wait (a window opened later)', async () => {
    const { store } = makeTestStore({ elicitation: { pending: () => ok({ pending: [FORM, LINK] }) } });
    await store.getState().loadPendingElicitations();
    expect(Object.keys(store.getState().elicitations)).toEqual(['e1', 'e2']);
  });
});
