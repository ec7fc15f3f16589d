// "Test connection" through the SDK's models.list: the sorted list, and for a server without one (404, or an
// HTML page) a one-token chat completion of the model configured for the provider; errors are clear
// sentences without the key.
import { beforeEach, describe, expect, it } from 'vitest';
import { listProviderModels, modelConfiguredFor } from '../../../../src-main/core/model/providers/model-list';
import { configSchema, type Config } from '../../../../src-preload/contract/config-schema';
import { startScriptedLlm, type ScriptedLlm } from '../../../helpers/scripted-llm-server';
import { useScriptedLlm } from '../../../helpers/use-scripted-llm';

const KEY = 'sk-models-test-key-4455';
const server = useScriptedLlm();
const llm = (): ScriptedLlm => server()!;
beforeEach(() => {
  llm().setFallback({ text: 'pong' });
});

function config(agent: Record<string, unknown> = { provider: 'local', model: 'qwen3:8b' }, presets: Record<string, unknown> = {}): Config {
  return configSchema.parse({ providers: { local: { apiKey: KEY, baseUrl: llm().baseUrl } }, agent, modelPresets: presets });
}

describe('listProviderModels', () => {
  it('lists the models, sorted, with the key as Bearer', async () => {
    expect(await listProviderModels(config(), 'local')).toEqual({ ok: true, value: ['fake-model', 'fake-model-large'] });
    expect(llm().modelRequests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(llm().requests).toHaveLength(0);
  });

  it.each(['404', 'html'] as const)('without a model list (%s) a one-token chat of the configured model proves the connection', async (quirk) => {
    llm().setQuirks({ noModelList: quirk });
    expect(await listProviderModels(config(), 'local')).toEqual({ ok: true, value: ['qwen3:8b'] });
    expect(llm().requests.map((r) => [r.body.model, r.body.max_tokens])).toEqual([['qwen3:8b', 1]]);
  });

  it('without a model list and without a model configured for it, says what the server answered', async () => {
    llm().setQuirks({ noModelList: 'html' });
    const result = await listProviderModels(config({ provider: 'other', model: 'x' }), 'local');
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'bad_response',
        status: 200,
        transient: false,
        message: `The provider 'local' at ${llm().baseUrl} answered 200 with text/html, not a model list. Check providers.local.baseUrl (for OpenAI-compatible servers it usually ends in /v1).`,
      },
    });
  });

  it('a refused connection is not a missing model list: no chat is tried, the key is not repeated', async () => {
    const closed = await startScriptedLlm();
    const url = closed.baseUrl;
    await closed.close();
    const cfg = configSchema.parse({ providers: { local: { apiKey: KEY, baseUrl: url } }, agent: { provider: 'local', model: 'm' } });
    const result = await listProviderModels(cfg, 'local');
    expect(!result.ok && result.error.kind).toBe('network');
    expect(!result.ok && result.error.message).not.toContain(KEY);
  });

  it('refuses a key only the desktop keychain can read, and an unknown provider', async () => {
    const cfg = configSchema.parse({ providers: { local: { apiKey: 'enc:v1:QUJD', baseUrl: llm().baseUrl } } });
    expect(await listProviderModels(cfg, 'local')).toMatchObject({ ok: false, error: { kind: 'auth' } });
    expect(llm().modelRequests).toHaveLength(0);
    expect(await listProviderModels(cfg, 'nope')).toMatchObject({ ok: false, error: { kind: 'no_provider' } });
  });
});

describe('modelConfiguredFor', () => {
  it('is the agent\'s model on its provider, else the first preset on it', () => {
    expect(modelConfiguredFor(config(), 'local')).toBe('qwen3:8b');
    expect(modelConfiguredFor(config({ provider: 'cloud', model: 'gpt' }, { fast: { provider: 'local', model: 'llama3' } }), 'local')).toBe('llama3');
    expect(modelConfiguredFor(config({ provider: 'cloud', model: 'gpt' }), 'local')).toBeUndefined();
  });
});
