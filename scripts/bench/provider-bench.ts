// In-process measurements of the provider for `npm run bench` (bundled by bench-providers.mjs): chunks per second
// through the stream accumulator (tool-call assembly and <think> splitting included), chunks per second of one
// streamed answer through the whole transport (openai SDK, response tap, core HTTP client) on loopback, the
// overhead of one short model call, and the cost of the per-attempt SDK client.
import { StreamAccumulator } from '../../src-main/core/model/providers/stream-accumulator';
import { OpenAiCompatibleProvider } from '../../src-main/core/model/providers/openai-compatible';
import { createOpenAiClient } from '../../src-main/core/model/providers/openai-client';
import type { LlmRequest } from '../../src-main/core/model/llm-provider';
import { startScriptedLlm } from '../../tests/helpers/scripted-llm-server';

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
  id: 'chatcmpl-bench',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model: 'bench',
  choices: [{ index: 0, delta, finish_reason: finish }],
});

/** A realistic answer: reasoning in <think>, text, then two parallel tool calls in argument fragments. */
function answerChunks(textPieces: number): Record<string, unknown>[] {
  const out = [chunk({ role: 'assistant', content: '<thi' }), chunk({ content: 'nk>Let me think about it. ' })];
  for (let i = 0; i < textPieces / 4; i++) out.push(chunk({ content: 'still thinking ' }));
  out.push(chunk({ content: '</think>\n\n' }));
  for (let i = 0; i < textPieces; i++) out.push(chunk({ content: `word${i} ` }));
  for (const [index, id, name] of [[0, 'call_a', 'read_file'], [1, 'call_b', 'list_dir']] as const) {
    out.push(chunk({ tool_calls: [{ index, id, type: 'function', function: { name, arguments: '' } }] }));
    for (const part of ['{"pa', 'th": "notes/', 'today.md"}']) out.push(chunk({ tool_calls: [{ index, function: { arguments: part } }] }));
  }
  out.push(chunk({}, 'tool_calls'));
  return out;
}

/** Chunks per second through StreamAccumulator.add (parsed chunks, no network). */
export function measureAccumulator(runs: number): number[] {
  const chunks = answerChunks(4000);
  const rates: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    const acc = new StreamAccumulator({ onText: () => undefined, onReasoning: () => undefined });
    for (const c of chunks) acc.add(c);
    acc.end();
    if (acc.response().toolCalls.length !== 2) throw new Error('the bench answer did not assemble');
    rates.push(chunks.length / ((performance.now() - t) / 1000));
  }
  return rates;
}

/** Microseconds to build the SDK client one attempt uses. */
export function measureClientCreate(runs: number): number[] {
  const out: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    for (let i = 0; i < 100; i++) createOpenAiClient({ apiKey: 'sk-bench', baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 40_000 }, fetch);
    out.push(((performance.now() - t) / 100) * 1000);
  }
  return out;
}

const request: LlmRequest = { model: 'fake-model', messages: [{ role: 'user', content: 'bench' }], tools: [], maxTokens: 100, temperature: 0 };

/** Chunks per second of one long streamed answer, and the wall time of a three-chunk answer, on loopback. */
export async function measureTransport(runs: number): Promise<{ chunksPerSecond: number[]; shortCallMs: number[] }> {
  const llm = await startScriptedLlm();
  const provider = new OpenAiCompatibleProvider({ name: 'bench', apiKey: 'sk-bench', baseUrl: llm.baseUrl, retryMode: 'none', timeoutMs: 30_000 });
  const long = Array.from({ length: 2000 }, (_, i) => `w${i} `);
  const chunksPerSecond: number[] = [];
  const shortCallMs: number[] = [];
  try {
    await provider.chat(request); // warm up: connection, JIT
    for (let r = 0; r < runs; r++) {
      llm.enqueue({ text: long });
      let t = performance.now();
      const result = await provider.chat(request);
      if (!result.ok) throw new Error(result.error.message);
      chunksPerSecond.push((long.length + 3) / ((performance.now() - t) / 1000));
      llm.enqueue({ text: ['Hello', ' there'] });
      t = performance.now();
      await provider.chat(request);
      shortCallMs.push(performance.now() - t);
    }
  } finally {
    await llm.close();
  }
  return { chunksPerSecond, shortCallMs };
}
