// First-run setup against real HTTP: an address and key that are not saved yet are tested (models listed, the key
// sent only to that address, never back in an error), and model servers on this computer are found.
import { describe, expect, it } from 'vitest';
import { createApiHandlers } from '../../../src-main/core/api/api-handlers';
import { headlessHost } from '../../../src-main/core/api/api-host';
import { createDispatcher } from '../../../src-main/core/api/dispatch';
import { localServerTargets } from '../../../src-main/core/api/handlers/provider-setup';
import type { Core } from '../../../src-main/core/nanotray-core';
import { useScriptedCore } from '../../helpers/scripted-core';
import { deadPort } from '../../helpers/dead-port';

type Answer = { ok: boolean; value?: any; error?: { code: string; message: string } };
const api = (core: Core) => {
  const dispatch = createDispatcher(createApiHandlers(core, headlessHost('web', '1.0.0')), { logError: () => undefined });
  return (channel: string, payload?: unknown) => dispatch(channel, payload) as Promise<Answer>;
};


describe('provider setup', () => {
  const t = useScriptedCore({ approvalMode: 'auto' });

  it('lists the models of an address not saved yet; the key goes there as a bearer token and nothing is written', async () => {
    const core = t.open({ providers: {} });
    const before = core.config();
    const answer = await api(core)('settings:probe-provider', { preset: 'openai', baseUrl: t.llm.baseUrl, apiKey: 'sk-typed-in-setup-0001' });
    expect(answer.value).toEqual({ models: ['fake-model', 'fake-model-large'] });
    expect(t.llm.modelRequests.at(-1)!.headers.authorization).toBe('Bearer sk-typed-in-setup-0001');
    expect(core.config()).toEqual(before);
  });

  it('sends an Azure key in its own header, not as a bearer token', async () => {
    const core = t.open({ providers: {} });
    await api(core)('settings:probe-provider', { preset: 'azure', baseUrl: t.llm.baseUrl, apiKey: 'azure-key-0002', keyHeader: 'api-key' });
    const headers = t.llm.modelRequests.at(-1)!.headers;
    expect(headers['api-key']).toBe('azure-key-0002');
    expect(String(headers.authorization ?? '')).not.toContain('azure-key-0002');
  });

  it('an address where nothing answers is a clear error without the key', async () => {
    const core = t.open({ providers: {} });
    const port = await deadPort();
    const answer = await api(core)('settings:probe-provider', { preset: 'custom', baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'sk-never-echoed-0003' });
    expect(answer.ok).toBe(false);
    expect(answer.error!.code).toBe('unavailable');
    expect(answer.error!.message.length).toBeGreaterThan(10);
    expect(answer.error!.message).not.toContain('sk-never-echoed-0003');
    expect((await api(core)('settings:probe-provider', { preset: 'custom', baseUrl: 'not a url' })).error?.code).toBe('invalid_input');
  });

  it('finds the model servers running on this computer', async () => {
    const port = await deadPort();
    const core = t.open({ providers: {} }, { env: { NANOTRAY_LOCAL_SERVERS: `ollama=http://127.0.0.1:${port}/v1,lmstudio=${t.llm.baseUrl}` } });
    const answer = await api(core)('settings:detect-local');
    expect(answer.value).toEqual({ servers: [{ preset: 'lmstudio', baseUrl: t.llm.baseUrl, models: ['fake-model', 'fake-model-large'] }] });
  });

  it('looks for Ollama, LM Studio and vLLM on their usual ports unless told otherwise', () => {
    expect(localServerTargets({})).toEqual([
      { preset: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1' },
      { preset: 'lmstudio', baseUrl: 'http://127.0.0.1:1234/v1' },
      { preset: 'vllm', baseUrl: 'http://127.0.0.1:8000/v1' },
    ]);
    expect(localServerTargets({ NANOTRAY_LOCAL_SERVERS: 'ollama=http://127.0.0.1:11500/v1, junk' })).toEqual([{ preset: 'ollama', baseUrl: 'http://127.0.0.1:11500/v1' }]);
  });
});
