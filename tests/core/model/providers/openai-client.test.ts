// The SDK client as the provider configures it, against the scripted server: the requests are the openai SDK's,
// a provider without a key sends no Authorization, Azure's query and header arrive, and the SDK neither reads
// OPENAI_* settings from the environment nor logs (so no key reaches a log).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OpenAiCompatibleProvider } from '../../../../src-main/core/model/providers/openai-compatible';
import type { LlmRequest } from '../../../../src-main/core/model/llm-provider';
import type { ScriptedLlm } from '../../../helpers/scripted-llm-server';
import { useScriptedLlm } from '../../../helpers/use-scripted-llm';

const KEY = 'sk-client-test-key-778899';
const server = useScriptedLlm();
const llm = (): ScriptedLlm => server()!;
beforeEach(() => {
  llm().setFallback({ text: 'ok' });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const request: LlmRequest = { model: 'fake-model', messages: [{ role: 'user', content: 'hi' }], tools: [], maxTokens: 10, temperature: 0 };

function provider(apiKey: string, extra: { baseUrl?: string; headers?: Record<string, string> } = {}): OpenAiCompatibleProvider {
  return new OpenAiCompatibleProvider({ name: 'test', apiKey, baseUrl: extra.baseUrl ?? llm().baseUrl, ...(extra.headers ? { headers: extra.headers } : {}), retryMode: 'none', timeoutMs: 5000 });
}

describe('the SDK client of a provider', () => {
  it('sends the chat request through the openai SDK with the key as Bearer', async () => {
    expect((await provider(KEY).chat(request)).ok).toBe(true);
    const sent = llm().requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers['user-agent']).toMatch(/^OpenAI\/JS 7\.59\.0/);
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('a provider without a key sends no Authorization header at all', async () => {
    expect((await provider('').chat(request)).ok).toBe(true);
    expect(llm().requests[0]!.headers.authorization).toBeUndefined();
  });

  it('Azure: the api-version query of the base URL and the api-key header arrive, no Bearer', async () => {
    llm().setQuirks({ azure: { apiVersion: '2024-10-21', apiKey: 'az-key-55' } });
    const azure = provider('', { baseUrl: `${llm().baseUrl}/openai/deployments/gpt?api-version=2024-10-21`, headers: { 'api-key': 'az-key-55' } });
    const result = await azure.chat(request);
    expect(result.ok && result.value.content).toBe('ok');
    expect(llm().requests[0]!.path).toBe('/v1/openai/deployments/gpt/chat/completions');
    expect(llm().requests[0]!.headers.authorization).toBeUndefined();
  });

  it('OpenRouter\'s attribution headers go with every request', async () => {
    await provider(KEY, { headers: { 'HTTP-Referer': 'https://nanotray.invalid', 'X-Title': 'Nanotray' } }).chat(request);
    expect([llm().requests[0]!.headers['http-referer'], llm().requests[0]!.headers['x-title']]).toEqual(['https://nanotray.invalid', 'Nanotray']);
  });

  it('ignores OPENAI_* settings in the environment and logs nothing, even with OPENAI_LOG=debug', async () => {
    vi.stubEnv('OPENAI_ORG_ID', 'org-from-env');
    vi.stubEnv('OPENAI_PROJECT_ID', 'proj-from-env');
    vi.stubEnv('OPENAI_BASE_URL', 'http://127.0.0.1:1/elsewhere');
    vi.stubEnv('OPENAI_LOG', 'debug');
    const logged = (['log', 'debug', 'info', 'warn', 'error'] as const).map((m) => vi.spyOn(console, m).mockImplementation(() => undefined));
    llm().enqueue({ status: 401, errorMessage: `bad key ${KEY}` });
    const result = await provider(KEY).chat(request);
    expect(!result.ok && result.error.kind).toBe('auth');
    expect(llm().requests[0]!.headers['openai-organization']).toBeUndefined();
    expect(llm().requests[0]!.headers['openai-project']).toBeUndefined();
    expect(logged.flatMap((spy) => spy.mock.calls)).toEqual([]);
  });

  it('sends neither the SDK\'s machine fingerprint nor headers from OPENAI_CUSTOM_HEADERS; the provider\'s own headers still go', async () => {
    vi.stubEnv('OPENAI_CUSTOM_HEADERS', 'X-Internal-Token: corp-secret-123\nX-Title: from-env');
    await provider(KEY, { headers: { 'X-Title': 'Nanotray' } }).chat(request);
    const sent = llm().requests[0]!.headers;
    expect(Object.keys(sent).filter((name) => name.startsWith('x-stainless'))).toEqual([]);
    expect(sent['x-internal-token']).toBeUndefined();
    expect(sent['x-title']).toBe('Nanotray');
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
  });
});
