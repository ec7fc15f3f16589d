// In-process measurements for `npm run bench`: core start-up and per-turn loop overhead (bundled by bench.mjs).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { createCore, type Core } from '../../src-main/core/nanotray-core';
import { defineTool, ok } from '../../src-main/core/tools/tool';
import { appendMessages, type NewMessage } from '../../src-main/core/store/messages.repo';
import { ensureSession } from '../../src-main/core/store/sessions.repo';
import type { LlmProvider, LlmRequest, LlmResponse, ProviderError } from '../../src-main/core/model/llm-provider';
import type { Result } from '../../src-main/core/lib/result';
import { compileScrubber } from '../../src-main/core/lib/secret-scrubber';

export { startScriptedLlm } from '../../tests/helpers/scripted-llm-server';

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function tempHome(config: unknown): string {
  const home = mkdtempSync(join(tmpdir(), 'nanotray-bench-'));
  writeFileSync(join(home, 'config.json'), JSON.stringify(config));
  return home;
}

const BENCH_CONFIG = {
  providers: { bench: { apiKey: 'sk-bench-000000', baseUrl: 'http://127.0.0.1:9/v1' } },
  agent: { provider: 'bench', model: 'bench-model', providerRetryMode: 'none' },
  tools: { approval: { mode: 'auto' } },
  heartbeat: { enable: false },
};

/** createCore (config + DB + workspace) on an existing home, and on a fresh one (migrations, new files). */
export async function measureStartup(runs: number): Promise<{ warm: number[]; fresh: number[] }> {
  const warm: number[] = [];
  const fresh: number[] = [];
  const home = tempHome(BENCH_CONFIG);
  try {
    for (let i = 0; i < runs; i++) {
      const freshHome = tempHome(BENCH_CONFIG);
      let t = performance.now();
      const a = createCore({ host: 'cli', home: freshHome, env: {} });
      fresh.push(performance.now() - t);
      if (a.ok) await a.value.dispose();
      rmSync(freshHome, { recursive: true, force: true });
      t = performance.now();
      const b = createCore({ host: 'cli', home, env: {} });
      warm.push(performance.now() - t);
      if (!b.ok) throw new Error(b.error);
      await b.value.dispose();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  return { warm, fresh };
}

/**
 * For a fresh process: ms from process start until a core is ready on an existing home (module loading
 * included), and how long createCore itself took.
 */
export async function coldStartOnce(home: string): Promise<{ sinceProcessStart: number; createCore: number }> {
  const t = performance.now();
  const created = createCore({ host: 'cli', home, env: {} });
  const end = performance.now();
  if (!created.ok) throw new Error(created.error);
  await created.value.dispose();
  return { sinceProcessStart: end, createCore: end - t };
}

export function makeBenchHome(): string {
  return tempHome(BENCH_CONFIG);
}

/** A provider that answers at once (first a tool call, then text; the summariser with a summary) and reports how long it was busy. */
class InstantProvider implements LlmProvider {
  modelMs = 0;
  #calls = 0;
  async chat(request: LlmRequest): Promise<Result<LlmResponse, ProviderError>> {
    const t = performance.now();
    if (request.tools.some((tool) => tool.name === 'save_memory')) {
      // The summariser's request (the session is past agent.maxHistoryMessages): answered as a model would.
      const args = JSON.stringify({ history_entry: 'Earlier bench turns.', new_facts: [] });
      this.modelMs += performance.now() - t;
      return { ok: true, value: { content: '', toolCalls: [{ id: 'sm', name: 'save_memory', arguments: args }], finishReason: 'tool_calls', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } } };
    }
    const first = this.#calls++ % 2 === 0;
    const value: LlmResponse = first
      ? { content: '', toolCalls: [{ id: `c${this.#calls}`, name: 'bench_echo', arguments: '{"text":"hi"}' }], finishReason: 'tool_calls', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } }
      : { content: `done after ${request.messages.length} messages`, toolCalls: [], finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } };
    this.modelMs += performance.now() - t;
    return { ok: true, value };
  }
}

/** Wall time minus model time of a one-tool turn in a session that already holds `history` messages. */
export async function measureTurnOverhead(runs: number, history = 1000): Promise<number[]> {
  const home = tempHome(BENCH_CONFIG);
  const provider = new InstantProvider();
  const created = createCore({ host: 'cli', home, env: {}, createProvider: () => provider });
  if (!created.ok) throw new Error(created.error);
  const core: Core = created.value;
  try {
    core.tools.register(
      defineTool({ name: 'bench_echo', description: 'Echo', params: z.object({ text: z.string() }), category: 'read', run: async ({ text }) => ok(text) }),
    );
    const key = 'bench:session';
    ensureSession(core.db, key);
    const rows: NewMessage[] = [];
    for (let i = 0; i < history; i++) {
      rows.push({ sessionKey: key, role: i % 2 ? 'assistant' : 'user', content: `message ${i} ${'lorem ipsum '.repeat(8)}`, createdAt: Date.now() });
    }
    appendMessages(core.db, rows);
    const overheads: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      provider.modelMs = 0;
      const t = performance.now();
      const result = await core.sessions.run({ sessionKey: key, text: `turn ${i}` });
      const wall = performance.now() - t;
      if (result.stopReason !== 'completed') throw new Error(`bench turn ended with ${result.stopReason}: ${result.error ?? ''}`);
      if (i >= 3) overheads.push(wall - provider.modelMs); // the first turns warm up the JIT
    }
    return overheads;
  } finally {
    await core.dispose();
    rmSync(home, { recursive: true, force: true });
  }
}

/**
 * The scrubber on one large tool result (128,000 characters: text lines and wrapped base64, one secret
 * inside) with 8 configured secrets of 40 characters: milliseconds per result.
 */
export function measureScrub(runs: number): number[] {
  const secrets = Array.from({ length: 8 }, (_, i) => `sk-bench-${String(i).repeat(4)}-${'x7Yq2'.repeat(6)}`.slice(0, 40));
  const scrubber = compileScrubber(secrets);
  const line = 'the quick brown fox jumps over the lazy dog 0123456789 ';
  const blob = Buffer.from(`${line.repeat(20)}${secrets[3]}`).toString('base64').replace(/(.{76})/g, '$1\n');
  let text = '';
  while (text.length < 128_000) text += `${line}\n${blob}\n`;
  text = text.slice(0, 128_000);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    scrubber.scrub(text);
    times.push(performance.now() - t0);
  }
  return times;
}
