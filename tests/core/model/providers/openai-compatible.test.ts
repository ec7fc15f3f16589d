// The OpenAI-compatible provider against the scripted server: streaming, split tool-call deltas, usage, retries, errors.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpenAiCompatibleProvider } from '../../../../src-main/core/model/providers/openai-compatible';
import { createProviderFor } from '../../../../src-main/core/model/providers/provider-factory';
import type { RetryMode } from '../../../../src-main/core/model/providers/retry-policy';
import type { LlmRequest, ProviderError } from '../../../../src-main/core/model/llm-provider';
import { defaultConfig } from '../../../../src-preload/contract/config-schema';
import { startScriptedLlm, type ScriptedLlm } from '../../../helpers/scripted-llm-server';

const KEY = 'sk-test-secret-key-123456';
let llm: ScriptedLlm;
let waits: number[];

beforeAll(async () => {
  llm = await startScriptedLlm();
});
afterAll(async () => {
  await llm.close();
});
beforeEach(() => {
  llm.requests.length = 0;
  llm.setFallback(undefined);
  llm.clearQueue();
  llm.setQuirks({});
  waits = [];
});

function provider(retryMode: RetryMode, baseUrl = llm.baseUrl): OpenAiCompatibleProvider {
  return new OpenAiCompatibleProvider({
    name: 'test',
    apiKey: KEY,
    baseUrl,
    retryMode,
    timeoutMs: 5000,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
}

const request = (extra: Partial<LlmRequest> = {}): LlmRequest => ({
  model: 'fake-model',
  messages: [
    { role: 'system', content: 'sys' },
    { role: 'user', content: 'hello' },
  ],
  tools: [{ name: 'echo', description: 'Echo', parameters: { type: 'object', properties: { text: { type: 'string' } } } }],
  maxTokens: 100,
  temperature: 0.1,
  ...extra,
});

describe('OpenAiCompatibleProvider streaming', () => {
  it('streams text deltas and reports usage', async () => {
    llm.enqueue({ text: ['Hel', 'lo ', 'there'], usage: { prompt_tokens: 12, completion_tokens: 3 } });
    const deltas: string[] = [];
    const result = await provider('none').chat(request(), { onTextDelta: (t) => deltas.push(t) });
    expect(result).toEqual({
      ok: true,
      value: { content: 'Hello there', toolCalls: [], finishReason: 'stop', usage: { promptTokens: 12, completionTokens: 3, totalTokens: 15 } },
    });
    expect(deltas).toEqual(['Hel', 'lo ', 'there']);
    const body = llm.requests[0]!.body;
    expect(body.stream).toBe(true);
    expect(body.stream_options).toEqual({ include_usage: true });
    expect(body.tools[0]).toEqual({ type: 'function', function: { name: 'echo', description: 'Echo', parameters: { type: 'object', properties: { text: { type: 'string' } } } } });
    expect(llm.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('assembles tool calls whose arguments arrive split across chunks, by index', async () => {
    llm.enqueue({
      toolCalls: [
        { name: 'echo', arguments: { text: 'first call with a longer argument' }, id: 'call_x' },
        { name: 'read_file', arguments: '{"path": "notes/today.md"}', id: 'call_y' },
      ],
    });
    const result = await provider('none').chat(request());
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.finishReason).toBe('tool_calls');
    expect(result.value.toolCalls).toEqual([
      { id: 'call_x', name: 'echo', arguments: '{"text":"first call with a longer argument"}' },
      { id: 'call_y', name: 'read_file', arguments: '{"path": "notes/today.md"}' },
    ]);
  });

  it('sends assistant tool calls and tool results in the wire format', async () => {
    llm.enqueue({ text: 'ok' });
    await provider('none').chat(
      request({
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'echo', arguments: '{"text":"a"}' }] },
          { role: 'tool', toolCallId: 'c1', name: 'echo', content: 'a' },
        ],
      }),
    );
    expect(llm.requests[0]!.body.messages).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'echo', arguments: '{"text":"a"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'a' },
    ]);
  });

  it('omits tools when the request has none', async () => {
    llm.enqueue({ text: 'final' });
    await provider('none').chat(request({ tools: [] }));
    expect('tools' in llm.requests[0]!.body).toBe(false);
  });
});

describe('retry modes', () => {
  it('standard: a 429 is retried after 1 s, then succeeds', async () => {
    llm.enqueue({ status: 429, errorMessage: 'slow down' }, { text: 'after retry' });
    const retries: [number, number, string][] = [];
    const result = await provider('standard').chat(request(), { onRetry: (a, w, e) => retries.push([a, w, e.kind]) });
    expect(result.ok && result.value.content).toBe('after retry');
    expect(waits).toEqual([1000]);
    expect(retries).toEqual([[1, 1000, 'rate_limit']]);
    expect(llm.requests).toHaveLength(2);
  });

  it('standard: waits 1, 2 and 4 s, then gives up with the last error', async () => {
    llm.enqueue(...Array.from({ length: 4 }, () => ({ status: 503, errorMessage: 'overloaded' })));
    const result = await provider('standard').chat(request());
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(llm.requests).toHaveLength(4);
    expect(result).toEqual({
      ok: false,
      error: { kind: 'server', status: 503, transient: true, message: 'The provider had a server error (503). (Server said: overloaded) Tried 4 times.' },
    });
  });

  it('standard: honours retry-after', async () => {
    llm.enqueue({ status: 429, headers: { 'retry-after': '7' } }, { status: 408, headers: { 'retry-after-ms': '250' } }, { text: 'ok' });
    const result = await provider('standard').chat(request());
    expect(result.ok).toBe(true);
    expect(waits).toEqual([7000, 250]);
  });

  it('persistent: stops after 10 identical errors, waits capped at 60 s', async () => {
    llm.setFallback({ status: 429, errorMessage: 'quota', headers: { 'retry-after': '600' } });
    const result = await provider('persistent').chat(request());
    expect(llm.requests).toHaveLength(10);
    expect(waits).toEqual(Array.from({ length: 9 }, () => 60_000));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('rate_limit');
  });

  it('persistent: backs off 1, 2, 4, … s and keeps going while errors change', async () => {
    llm.enqueue({ status: 500 }, { status: 502 }, { status: 500 }, { text: 'finally' });
    const result = await provider('persistent').chat(request());
    expect(result.ok && result.value.content).toBe('finally');
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('none: fails at once', async () => {
    llm.enqueue({ status: 429 }, { text: 'never used' });
    const result = await provider('none').chat(request());
    expect(result.ok).toBe(false);
    expect(waits).toEqual([]);
    expect(llm.requests).toHaveLength(1);
    llm.setFallback(undefined);
    await provider('none').chat(request()); // consume the queued step
  });

  it('never retries a 401: one clear sentence without the key', async () => {
    llm.enqueue({ status: 401, errorMessage: `Incorrect API key provided: ${KEY}` });
    const result = await provider('standard').chat(request());
    expect(llm.requests).toHaveLength(1);
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'auth',
        status: 401,
        transient: false,
        message: 'The provider rejected the API key (401). Set a valid key in settings or config.json (providers.test.apiKey).',
      },
    });
  });

  it('a 404 names the model and the base URL setting', async () => {
    llm.enqueue({ status: 404, errorMessage: 'The model `gpt-9` does not exist' });
    const result = await provider('standard').chat(request({ model: 'gpt-9' }));
    expect(!result.ok && result.error).toEqual({
      kind: 'not_found',
      status: 404,
      transient: false,
      message:
        "The provider does not know model 'gpt-9' or the base URL is wrong (404). Check agent.model and providers.test.baseUrl. (Server said: The model `gpt-9` does not exist)",
    });
  });

  it('a refused connection is a network error, retried in standard mode', async () => {
    const closed = await startScriptedLlm();
    const url = closed.baseUrl;
    await closed.close();
    const result = await provider('standard', url).chat(request());
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(!result.ok && result.error.kind).toBe('network');
    expect(!result.ok && result.error.message).toBe(`Could not reach the provider 'test' at ${url} (ECONNREFUSED). Check the base URL and your connection. Tried 4 times.`);
  });

  it('an aborted signal ends a hanging call as cancelled', async () => {
    llm.enqueue({ hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await provider('standard').chat(request({ signal: controller.signal }));
    expect(result).toEqual({ ok: false, error: { kind: 'cancelled', message: 'The request was cancelled.', transient: false } });
    expect(waits).toEqual([]);
  });

  it('a cancel in the middle of a stream is cancelled, not a short answer', async () => {
    llm.enqueue({ text: ['one ', 'two ', 'three'], chunkDelayMs: 80 });
    const controller = new AbortController();
    const deltas: string[] = [];
    const result = await provider('standard').chat(request({ signal: controller.signal }), {
      onTextDelta: (t) => {
        deltas.push(t);
        controller.abort();
      },
    });
    expect(result).toEqual({ ok: false, error: { kind: 'cancelled', message: 'The request was cancelled.', transient: false } });
    expect(deltas).toEqual(['one ']);
  });

  it('does not retry once text was streamed (a retry would repeat it)', async () => {
    llm.enqueue({ text: ['partial ', 'answer', ' more', ' text'], dropAfterChunks: 3, chunkDelayMs: 20 }, { text: 'unused' });
    const deltas: string[] = [];
    const result = await provider('standard').chat(request(), { onTextDelta: (t) => deltas.push(t) });
    expect(!result.ok && result.error).toEqual({
      kind: 'interrupted',
      transient: true,
      message: "The connection to the provider 'test' broke off in the middle of the answer.",
    });
    expect(deltas).toEqual(['partial ', 'answer']);
    expect(waits).toEqual([]);
    await provider('none').chat(request()); // consume the queued step
  });
});

describe('model quirks', () => {
  it('switches to max_completion_tokens and drops temperature when the model refuses them (param), and remembers it', async () => {
    llm.setQuirks({ reasoningModelParams: true });
    llm.setFallback({ text: 'reasoned' });
    const p = provider('none');
    const first = await p.chat(request({ model: 'o-mini' }));
    expect(first.ok && first.value.content).toBe('reasoned');
    const bodies = llm.requests.map((r) => r.body);
    expect(bodies.map((b) => [b.max_tokens, b.max_completion_tokens, b.temperature])).toEqual([
      [100, undefined, 0.1],
      [undefined, 100, 0.1],
      [undefined, 100, undefined],
    ]);
    const second = await p.chat(request({ model: 'o-mini' }));
    expect(second.ok && second.value.content).toBe('reasoned');
    expect(llm.requests).toHaveLength(4);
    expect(llm.requests[3]!.body.max_completion_tokens).toBe(100);
  });

  it('a 400 that no optional field cures ends the call with the server text and what to do', async () => {
    llm.setFallback({ status: 400, errorMessage: 'messages: too many' });
    const result = await provider('standard').chat(request());
    expect(!result.ok && result.error).toEqual({
      kind: 'bad_request',
      status: 400,
      transient: false,
      message:
        "The provider rejected the request (400). (Server said: messages: too many) The provider 'test' refuses this conversation as it is, also without the optional request fields. If it keeps happening, start a new chat with /new.",
    });
    // The full request, then without stream_options, max_tokens (as max_completion_tokens), temperature, tools, all.
    expect(llm.requests).toHaveLength(6);
    expect(waits).toEqual([]);
  });
});

describe('timeouts', () => {
  function quickTimeout(): OpenAiCompatibleProvider {
    return new OpenAiCompatibleProvider({ name: 'test', apiKey: KEY, baseUrl: llm.baseUrl, retryMode: 'none', timeoutMs: 150 });
  }

  it('a server that never answers ends as a transient timeout', async () => {
    llm.enqueue({ hang: true });
    const result = await quickTimeout().chat(request());
    expect(!result.ok && result.error.kind).toBe('timeout');
    expect(!result.ok && result.error.transient).toBe(true);
  });

  it('a stream that stalls midway is abandoned after the idle time', async () => {
    llm.enqueue({ text: ['a', 'b', 'c'], chunkDelayMs: 600 });
    const result = await quickTimeout().chat(request());
    expect(result).toEqual({
      ok: false,
      error: { kind: 'timeout', transient: true, message: "The provider 'test' stopped sending for 0.15 s in the middle of the answer (providers.test.timeouts.idle)." },
    });
  });
});

describe('createProviderFor', () => {
  it('returns a no_provider error with how to configure one', () => {
    const result = createProviderFor(defaultConfig(), 'openai');
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'no_provider',
        transient: false,
        message:
          "No provider 'openai' is configured. Set OPENAI_API_KEY (and OPENAI_BASE_URL for another OpenAI-compatible server), or add providers.openai with apiKey/baseUrl to config.json (in the desktop app: Settings).",
      } satisfies ProviderError,
    });
  });

  it('refuses a key only the desktop keychain can decrypt, saying where it works and how to fix it', () => {
    const config = defaultConfig();
    config.providers.openai = { apiKey: 'enc:v1:QUJDREVGRw==', headers: {} };
    const result = createProviderFor(config, 'openai');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('auth');
    expect(result.error.message).toContain("The API key of provider 'openai' was encrypted by the Nanotray desktop app");
    expect(result.error.message).toContain('providers.openai.apiKey');
    expect(result.error.message).not.toContain('QUJDREVGRw');
  });

  it('caches one provider per name, key and URL', () => {
    const config = defaultConfig();
    config.providers.a = { apiKey: 'k1', baseUrl: 'http://127.0.0.1:1/v1', headers: {} };
    const cache = new Map();
    const first = createProviderFor(config, 'a', { cache });
    const second = createProviderFor(config, 'a', { cache });
    expect(first.ok && second.ok && first.value === second.value).toBe(true);
    config.providers.a = { apiKey: 'k2', baseUrl: 'http://127.0.0.1:1/v1', headers: {} };
    const third = createProviderFor(config, 'a', { cache });
    expect(third.ok && first.ok && third.value !== first.value).toBe(true);
  });
});
