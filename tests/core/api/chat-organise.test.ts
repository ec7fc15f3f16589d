// Organising the chat list through the API: pin, archive and restore, the Scheduled chats, app-made titles as codes
// (a rename keeps the user's words), and a new chat left with no message dropped while any other stays.
import { describe, expect, it } from 'vitest';
import type { Core } from '../../../src-main/core/nanotray-core';
import { createApiHandlers } from '../../../src-main/core/api/api-handlers';
import { createDispatcher } from '../../../src-main/core/api/dispatch';
import { headlessHost } from '../../../src-main/core/api/api-host';
import { appendMessage } from '../../../src-main/core/store/messages.repo';
import { ensureSession, getSession, setSessionTitle } from '../../../src-main/core/store/sessions.repo';
import { useScriptedCore } from '../../helpers/scripted-core';

type Answer = { ok: boolean; value?: any; error?: { code: string; message: string } };

function api(core: Core) {
  const dispatch = createDispatcher(createApiHandlers(core, headlessHost('electron', '1.0.0')), { logError: () => undefined });
  return (channel: string, payload?: unknown) => dispatch(channel, payload) as Promise<Answer>;
}

async function listed(call: ReturnType<typeof api>, key: string): Promise<Record<string, unknown> | undefined> {
  const res = await call('chat:list-sessions', {});
  return (res.value.sessions as Array<Record<string, unknown>>).find((s) => s.key === key);
}

function seedChat(core: Core, key: string, title: string): void {
  ensureSession(core.db, key);
  setSessionTitle(core.db, key, title);
  appendMessage(core.db, { sessionKey: key, role: 'user', content: 'hello', createdAt: Date.now() });
}

describe('organising chats', () => {
  const scripted = useScriptedCore({ approvalMode: 'ask' });

  it('pins, archives and restores a chat, and the list says so', async () => {
    const core = scripted.open();
    const call = api(core);
    seedChat(core, 'desktop:a', 'Alpha');
    expect(await listed(call, 'desktop:a')).not.toHaveProperty('pinned');
    expect((await call('chat:organise-session', { sessionKey: 'desktop:a', pinned: true })).value).toEqual({ sessionKey: 'desktop:a', pinned: true, archived: false });
    expect(await listed(call, 'desktop:a')).toMatchObject({ pinned: true });
    await call('chat:organise-session', { sessionKey: 'desktop:a', archived: true });
    expect(await listed(call, 'desktop:a')).toMatchObject({ pinned: true, archived: true });
    await call('chat:organise-session', { sessionKey: 'desktop:a', archived: false, pinned: false });
    const row = await listed(call, 'desktop:a');
    expect(row).not.toHaveProperty('archived');
    expect(row).not.toHaveProperty('pinned');
    expect((await call('chat:organise-session', { sessionKey: 'desktop:nope', pinned: true })).error?.code).toBe('not_found');
    expect((await call('chat:organise-session', { sessionKey: 'desktop:a', pinned: 'yes' })).error?.code).toBe('invalid_input');
  });

  it('marks scheduler chats and gives their app-made titles as codes, until the user renames one', async () => {
    const core = scripted.open();
    const call = api(core);
    seedChat(core, 'heartbeat:default', 'Heartbeat');
    seedChat(core, 'cron:job1', 'Scheduled: Morning news');
    seedChat(core, 'desktop:mine', 'Scheduled: not the app');
    expect(await listed(call, 'heartbeat:default')).toMatchObject({ scheduled: true, titleCode: { code: 'heartbeat' } });
    expect(await listed(call, 'cron:job1')).toMatchObject({ scheduled: true, titleCode: { code: 'scheduled', name: 'Morning news' } });
    const mine = await listed(call, 'desktop:mine');
    expect(mine).not.toHaveProperty('scheduled');
    expect(mine).not.toHaveProperty('titleCode');
    await call('chat:rename-session', { sessionKey: 'cron:job1', title: 'Scheduled: my words' });
    const renamed = await listed(call, 'cron:job1');
    expect(renamed).toMatchObject({ title: 'Scheduled: my words', scheduled: true });
    expect(renamed).not.toHaveProperty('titleCode');
  });

  it('drops a chat left with no message, and never one with a message or a title', async () => {
    const core = scripted.open();
    const call = api(core);
    const fresh = (await call('chat:new-session')).value.sessionKey as string;
    expect(await listed(call, fresh)).toMatchObject({ empty: true });
    const titled = (await call('chat:new-session', { title: 'Kept' })).value.sessionKey as string;
    seedChat(core, 'desktop:used', '');
    setSessionTitle(core.db, 'desktop:used', '');
    expect((await call('chat:drop-empty-session', { sessionKey: 'desktop:used' })).value).toEqual({ dropped: false });
    expect((await call('chat:drop-empty-session', { sessionKey: titled })).value).toEqual({ dropped: false });
    expect((await call('chat:drop-empty-session', { sessionKey: fresh })).value).toEqual({ dropped: true });
    expect(getSession(core.db, fresh)).toBeUndefined();
    expect(getSession(core.db, titled)).toBeDefined();
    expect(getSession(core.db, 'desktop:used')).toBeDefined();
  });
});
