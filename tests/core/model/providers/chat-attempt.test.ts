// How one attempt reads what a server sends through the SDK: SSE framing variants, `[DONE]` without a
// finish_reason, a named `event: error`, a malformed event, and a 200 JSON error object.
import { describe, expect, it } from 'vitest';
import { OpenAiCompatibleProvider } from '../../../../src-main/core/model/providers/openai-compatible';
import type { LlmRequest } from '../../../../src-main/core/model/llm-provider';
import type { ScriptedLlm } from '../../../helpers/scripted-llm-server';
import { useScriptedLlm } from '../../../helpers/use-scripted-llm';

const server = useScriptedLlm();
const llm = (): ScriptedLlm => server()!;

const request: LlmRequest = { model: 'fake-model', messages: [{ role: 'user', content: 'hi' }], tools: [], maxTokens: 10, temperature: 0 };
const provider = () => new OpenAiCompatibleProvider({ name: 'test', apiKey: 'k', baseUrl: llm().baseUrl, retryMode: 'none', timeoutMs: 5000 });
const sse = (body: string) => ({ rawBody: { contentType: 'text/event-stream', body } });
const chunk = (delta: object, finish: string | null = null) => `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

describe('one chat attempt', () => {
  it('reads CRLF framing, comments and minimal chunks', async () => {
    const body = `: keep-alive\r\n\r\n${chunk({ content: 'Hel' }).replace(/\n/g, '\r\n')}${chunk({ content: 'lo' }, 'stop')}data: [DONE]\r\n\r\n`;
    llm().enqueue(sse(body));
    const result = await provider().chat(request);
    expect(result.ok && [result.value.content, result.value.finishReason]).toEqual(['Hello', 'stop']);
  });

  it('[DONE] without a finish_reason is a whole answer', async () => {
    llm().enqueue(sse(`${chunk({ content: 'All here.' })}data: [DONE]\n\n`));
    const result = await provider().chat(request);
    expect(result.ok && result.value.content).toBe('All here.');
  });

  it('neither a finish_reason nor [DONE] is an interrupted answer', async () => {
    llm().enqueue(sse(chunk({ content: 'Half' })));
    const result = await provider().chat(request);
    expect(!result.ok && result.error.kind).toBe('interrupted');
  });

  it('a named `event: error` counts as the status its object names', async () => {
    llm().enqueue(sse(`event: error\ndata: ${JSON.stringify({ error: { code: 503, message: 'overloaded' } })}\n\n`));
    const result = await provider().chat(request);
    expect(!result.ok && result.error).toMatchObject({ kind: 'server', status: 503, transient: true });
  });

  it('an event whose data is not JSON ends the answer as a bad response, saying so', async () => {
    llm().enqueue(sse(`${chunk({ content: 'a' })}data: {not json\n\n`));
    const result = await provider().chat(request);
    expect(!result.ok && result.error).toEqual({
      kind: 'bad_response',
      transient: true,
      message: "The provider 'test' sent a stream event that is not JSON, so the answer could not be read.",
    });
  });

  it('a 200 JSON error object is classified like its status', async () => {
    llm().enqueue({ rawBody: { contentType: 'application/json', body: JSON.stringify({ error: { message: 'slow down', code: 'rate_limit_exceeded' } }) } });
    const result = await provider().chat(request);
    expect(!result.ok && result.error).toMatchObject({ kind: 'rate_limit', status: 429 });
  });
});
