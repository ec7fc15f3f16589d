import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTokenizer, countTokens, messageTokens, messagesTokens, tokenizerCalls } from '../../../src-main/core/context/token-estimate';

afterEach(() => vi.restoreAllMocks());

// Exact counts need the tokenizer (loaded lazily in the app, only when the byte bound does not fit).
beforeAll(() => loadTokenizer());

describe('token estimate (o200k_base)', () => {
  it('counts with the real tokenizer', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('Hello world')).toBe(2);
    expect(countTokens('Hello world, this is a test of the tokenizer.')).toBe(11);
  });

  it('counts long unbroken runs in linear time (64-char slices) and close to the exact count', () => {
    // BPE cost grows with the square of a word's length: the tokenizer must never see a long run whole.
    const encode = vi.spyOn(Tiktoken.prototype, 'encode');
    expect(countTokens('x'.repeat(50_000))).toBeGreaterThan(0);
    const inputs = encode.mock.calls.map(([text]) => text.length);
    expect(inputs).toHaveLength(Math.ceil(50_000 / 64));
    expect(Math.max(...inputs)).toBe(64);
    encode.mockRestore();
    const blob = Buffer.from(Array.from({ length: 1_500 }, (_, i) => (i * 7919) % 256)).toString('base64'); // 2,000 chars
    const exact = new Tiktoken(o200kBase).encode(blob).length;
    const n = countTokens(`see ${blob} end`);
    expect(n).toBeGreaterThanOrEqual(exact);
    expect(n).toBeLessThanOrEqual(Math.ceil(exact * 1.15) + 4);
  });

  it('adds per-message overhead, tool calls and tool names', () => {
    expect(messageTokens({ role: 'user', content: 'Hello world' })).toBe(6);
    const call = messageTokens({ role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{}' }] });
    expect(call).toBe(4 + 8 + countTokens('read_file') + countTokens('{}'));
    expect(messagesTokens([{ role: 'user', content: 'Hello world' }, { role: 'system', content: 'Hello world' }])).toBe(12);
  });

  it('never tokenizes a text it has already counted (cached)', () => {
    const texts = Array.from({ length: 2_000 }, (_, i) => `message number ${i} with a few words`);
    const first = texts.map((t) => countTokens(t));
    const calls = tokenizerCalls();
    expect(texts.map((t) => countTokens(t))).toEqual(first);
    expect(tokenizerCalls()).toBe(calls);
    countTokens('a text not seen before in this test');
    expect(tokenizerCalls()).toBe(calls + 1);
  });
});
