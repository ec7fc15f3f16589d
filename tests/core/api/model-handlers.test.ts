// models:list and models:choose through the dispatcher: every provider's models (kept, read again on refresh or
// when the provider changed, a failure never kept), and a chat's own model reaching its next model call, stored
// on the answer, and given up again when a preset is picked.
import { describe, expect, it } from 'vitest';
import { createApiHandlers } from '../../../src-main/core/api/api-handlers';
import { headlessHost } from '../../../src-main/core/api/api-host';
import { createDispatcher } from '../../../src-main/core/api/dispatch';
import { createModelHandlers } from '../../../src-main/core/api/handlers/model-handlers';
import { ModelCatalog, MODEL_LIST_TTL_MS } from '../../../src-main/core/model/providers/model-catalog';
import { listMessages } from '../../../src-main/core/store/messages.repo';
import { useScriptedCore } from '../../helpers/scripted-core';
import { deadPort } from '../../helpers/dead-port';
import type { Core } from '../../../src-main/core/nanotray-core';

describe('models:list and models:choose', () => {
  const t = useScriptedCore({ approvalMode: 'auto' });

  function open(extra: Record<string, unknown> = {}) {
    const core = t.open(extra);
    let now = 1_000_000;
    const catalog = new ModelCatalog(() => now);
    const handlers = { ...createApiHandlers(core, headlessHost('web', '1.0.0')), ...createModelHandlers(core, catalog) };
    const dispatch = createDispatcher(handlers, { logError: () => undefined });
    const call = async (channel: string, args: unknown): Promise<any> => dispatch(channel as never, args as never);
    return { core, call, later: (ms: number) => (now += ms) };
  }

  it('lists every provider in config order; the list is kept, read again on refresh and after a while', async () => {
    const port = await deadPort();
    const { call, later } = open({ providers: { test: { apiKey: 'sk-test-secret-key-123456', baseUrl: t.llm.baseUrl }, gone: { apiKey: 'sk-x-000000000', baseUrl: `http://127.0.0.1:${port}/v1` } } });
    const first = await call('models:list', undefined);
    expect(first.ok).toBe(true);
    expect(first.value.providers.map((p: any) => [p.provider, p.models, p.error?.code])).toEqual([
      ['test', ['fake-model', 'fake-model-large'], undefined],
      ['gone', [], 'network'],
    ]);
    expect(JSON.stringify(first.value)).not.toContain('sk-test-secret');
    t.llm.models.push('third-model');
    await call('models:list', {});
    expect(t.llm.modelRequests).toHaveLength(1);
    expect((await call('models:list', { refresh: true })).value.providers[0].models).toEqual(['fake-model', 'fake-model-large', 'third-model']);
    expect(t.llm.modelRequests).toHaveLength(2);
    later(MODEL_LIST_TTL_MS + 1);
    await call('models:list', undefined);
    expect(t.llm.modelRequests).toHaveLength(3);
    t.llm.models.pop();
  });

  it("a chat's own model reaches its next call and is stored on the answer; a preset picked later replaces it", async () => {
    const { core, call } = open({ modelPresets: { smart: { model: 'smart-model' } } });
    expect((await call('models:choose', { sessionKey: 'desktop:m', provider: 'test', model: 'fake-model-large' })).ok).toBe(true);
    t.llm.enqueue({ text: 'From large.' });
    await (core as Core).sessions.run({ sessionKey: 'desktop:m', text: 'hi' });
    expect(t.llm.requests.at(-1)!.body.model).toBe('fake-model-large');
    expect(listMessages(core.db, 'desktop:m').at(-1)).toMatchObject({ role: 'assistant', meta: { model: 'fake-model-large' } });
    const history = await call('chat:history', { sessionKey: 'desktop:m' });
    expect(history.value.messages.at(-1)).toMatchObject({ role: 'assistant', model: 'fake-model-large' });
    const presets = await call('runtime:presets', { sessionKey: 'desktop:m' });
    expect(presets.value).toMatchObject({ active: 'fake-model-large', chosen: { provider: 'test', model: 'fake-model-large' } });
    const listed = await call('chat:list-sessions', undefined);
    expect(listed.value.sessions.find((s: any) => s.key === 'desktop:m').model).toEqual({ provider: 'test', model: 'fake-model-large' });

    expect((await call('chat:set-model-preset', { sessionKey: 'desktop:m', preset: 'smart' })).ok).toBe(true);
    expect((await call('runtime:presets', { sessionKey: 'desktop:m' })).value.chosen).toBeUndefined();
    t.llm.enqueue({ text: 'From smart.' });
    await core.sessions.run({ sessionKey: 'desktop:m', text: 'again' });
    expect(t.llm.requests.at(-1)!.body.model).toBe('smart-model');
    expect(listMessages(core.db, 'desktop:m').at(-1)!.meta.model).toBe('smart (smart-model)');
  });

  it('refuses a provider that is not configured and leaves the chat as it was', async () => {
    const { call } = open();
    const answer = await call('models:choose', { sessionKey: 'desktop:n', provider: 'elsewhere', model: 'x' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect((await call('runtime:presets', { sessionKey: 'desktop:n' })).value).toMatchObject({ active: 'default' });
  });
});
