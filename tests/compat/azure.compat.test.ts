// Azure OpenAI through the real agent loop, two turns each.
// What the scripted quirks imitate, and where it is documented:
// - the deployment URL carries the API version as a query (`…/openai/deployments/<name>?api-version=…`, else
//   404 "Resource not found") and the key comes in an `api-key` header (providers.<name>.headers).
// - API versions before 2024-10-21 refuse `stream_options` with 400 `{"error":{"message":"Unknown parameter:
//   'stream_options'.","type":"invalid_request_error","param":"stream_options","code":"unknown_parameter"}}`
//   (agno-agi/agno#1066, openai/openai-python#1469, MicrosoftDocs/azure-docs#123088; griptape-ai/griptape#1640
//   for 2024-10-21 accepting it): the named `param` is dropped at once, without a search.
import { describe, expect, it } from 'vitest';
import { useCompat } from './compat-harness';

const c = useCompat();
const AZURE_KEY = 'azure-test-key-0123456789';

function azureProvider(apiVersion: string) {
  const base = c.t.llm.baseUrl.replace(/\/v1$/, '');
  return { providers: { test: { apiKey: '', baseUrl: `${base}/openai/deployments/gpt-4o?api-version=${apiVersion}`, headers: { 'api-key': AZURE_KEY } } } };
}

describe('Azure OpenAI', () => {
  it('keeps ?api-version= on the completions URL and learns from param: stream_options', async () => {
    c.open({ azure: { apiVersion: '2024-06-01', apiKey: AZURE_KEY }, rejectStreamOptions: 'azure' }, azureProvider('2024-06-01'));
    c.t.llm.enqueue({ text: 'Hi from Azure.' }, { text: 'Again from Azure.' });
    expect(await c.turn('hi')).toMatchObject({ stopReason: 'completed', text: 'Hi from Azure.' });
    expect(c.t.llm.requests.map((r) => [r.path, 'stream_options' in r.body])).toEqual([
      ['/openai/deployments/gpt-4o/chat/completions', true],
      ['/openai/deployments/gpt-4o/chat/completions', false],
    ]);
    expect(c.t.llm.requests[0]!.headers['api-key']).toBe(AZURE_KEY);
    expect(await c.turn('again')).toMatchObject({ text: 'Again from Azure.' });
    expect(c.t.llm.requests).toHaveLength(3);
  });
});

describe('Azure OpenAI, wrong api-version', () => {
  it('a 404 names the model and the base URL setting; nothing is retried', async () => {
    c.open({ azure: { apiVersion: '2024-10-21', apiKey: AZURE_KEY } }, azureProvider('2023-05-15'));
    const first = await c.turn('hi');
    expect(first.stopReason).toBe('error');
    expect(first.error).toBe(
      "The provider does not know model 'fake-model' or the base URL is wrong (404). Check agent.model and providers.test.baseUrl. (Server said: Resource not found)",
    );
    expect(c.t.llm.requests).toHaveLength(1);
  });
});
