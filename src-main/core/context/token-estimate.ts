// Token counts with the real o200k_base tokenizer (js-tiktoken), cached per text so each turn stays cheap.
//
// Why a real tokenizer: the window limit must hold for code, JSON and non-Latin text, where a
// characters/4 rule is off by 2-3x. Cost: its module (2 MB of ranks) and the ranks' table take 0.7-2 s to load,
// so it is imported only when an exact count is needed (`await loadTokenizer()`): when the cheap UTF-8 byte
// bound of a request does not fit the window. Encoding runs at ~2.5 MB/s, so every text is counted once and
// remembered (a 10,000-message history costs only map lookups after its first turn). Texts longer than
// EXACT_LIMIT_CHARS use a conservative estimate (chars/3). BPE cost grows with the square of a word's
// length, so runs of more than LONG_RUN_CHARS non-space characters (base64, minified code, 'xxxx…') are
// encoded in 64-char slices: linear time, and at most a token or so over per slice.
import type { Tiktoken } from 'js-tiktoken/lite';
import type { ChatMessage } from '../model/chat-message';
import { knownTokens, rememberTokens } from '../model/known-tokens';
import type { ToolSpec } from '../model/llm-provider';
import { assertNever } from '../lib/assert-never';

const EXACT_LIMIT_CHARS = 60_000;
const LONG_RUN_CHARS = 256;
const LONG_RUN = new RegExp(`\\S{${LONG_RUN_CHARS},}`);
const LONG_RUN_SPLIT = new RegExp(`(\\S{${LONG_RUN_CHARS},})`);
const SLICE_CHARS = 64;
const LINE_SPLIT_CHARS = 2_000;
const CACHE_MAX_ENTRIES = 50_000;
/** Role, separators and name fields per message in the chat format. */
const MESSAGE_OVERHEAD_TOKENS = 4;
/** What one attached image costs (a high-detail 1024px image is about this much). */
const IMAGE_TOKENS = 800;

let encoder: Tiktoken | undefined;
const cache = new Map<string, number>();
/** How often the tokenizer really ran (a cache miss); the bench and tests read it. */
let encodes = 0;

/** Calls of the tokenizer so far (cache misses), to check that repeated texts are not tokenized again. */
export function tokenizerCalls(): number {
  return encodes;
}

let loading: Promise<void> | undefined;

/** Loads the tokenizer (once per process); exact counts (countTokens, messageTokens, …) need it first. */
export function loadTokenizer(): Promise<void> {
  loading ??= import('./o200k-encoder').then(({ createO200kEncoder }) => {
    encoder = createO200kEncoder();
  });
  return loading;
}

/**
 * Tokens without an exact count (fitted by their byte bounds) that a window may carry before the tokenizer is
 * loaded to count them: 2 % of the budget, at least 2,048. Below it, a little less history; above it, exact counts.
 */
export function countSlack(budgetTokens: number): number {
  return Math.max(2_048, Math.floor(budgetTokens * 0.02));
}

/** True once loadTokenizer() finished (the bench and tests read it: a cheap turn never loads it). */
export function tokenizerLoaded(): boolean {
  return encoder !== undefined;
}

function getEncoder(): Tiktoken {
  if (!encoder) throw new Error('The tokenizer is not loaded: await loadTokenizer() before counting tokens exactly.');
  return encoder;
}

/**
 * Tokens of `text` under o200k_base (exact up to 60k chars, then a conservative estimate; loadTokenizer() first). Texts longer
 * than LINE_SPLIT_CHARS are counted line by line (each line cached), so after an edit to a big file only
 * the changed lines are tokenized; that can over-count by about one token per blank line, never under.
 */
export function countTokens(text: string): number {
  if (!text) return 0;
  if (text.length > EXACT_LIMIT_CHARS) return Math.ceil(text.length / 3);
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  encodes++;
  const n = text.length > LINE_SPLIT_CHARS && text.includes('\n') ? countByLines(text) : encodeCount(text);
  if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
  cache.set(text, n);
  return n;
}

function countByLines(text: string): number {
  let n = 0;
  let from = 0;
  while (from < text.length) {
    const nl = text.indexOf('\n', from);
    const end = nl < 0 ? text.length : nl + 1;
    const line = text.slice(from, end);
    n += line.length > LINE_SPLIT_CHARS ? encodeCount(line) : countTokens(line);
    from = end;
  }
  return n;
}

function encodeCount(text: string): number {
  return LONG_RUN.test(text) ? encodeWithLongRuns(text) : getEncoder().encode(text, 'all').length;
}

function encodeWithLongRuns(text: string): number {
  const enc = getEncoder();
  let n = 0;
  text.split(LONG_RUN_SPLIT).forEach((part, i) => {
    if (i % 2 === 0) n += part ? enc.encode(part, 'all').length : 0;
    else for (let at = 0; at < part.length; at += SLICE_CHARS) n += enc.encode(part.slice(at, at + SLICE_CHARS), 'all').length;
  });
  return n;
}

/**
 * Tokens one chat message costs in a request, including tool calls and the format's overhead. A count stored with
 * the message (known-tokens.ts) is used as it is; a new count is remembered for the message (and stored later).
 */
export function messageTokens(message: ChatMessage): number {
  const known = knownTokens(message);
  if (known !== undefined) return known;
  const n = countMessage(message);
  rememberTokens(message, n);
  return n;
}

function countMessage(message: ChatMessage): number {
  let n = MESSAGE_OVERHEAD_TOKENS;
  switch (message.role) {
    case 'system':
      return n + countTokens(message.content);
    case 'user':
      if (typeof message.content === 'string') return n + countTokens(message.content);
      for (const part of message.content) n += part.type === 'text' ? countTokens(part.text) : IMAGE_TOKENS;
      return n;
    case 'assistant':
      n += countTokens(message.content ?? '');
      for (const call of message.toolCalls ?? []) n += 8 + countTokens(call.name) + countTokens(call.arguments);
      return n;
    case 'tool':
      return n + countTokens(message.content) + countTokens(message.name);
    default:
      return assertNever(message);
  }
}

/** Sum of messageTokens over a list. */
export function messagesTokens(messages: readonly ChatMessage[]): number {
  let n = 0;
  for (const m of messages) n += messageTokens(m);
  return n;
}

/**
 * A cheap upper bound of countTokens: the UTF-8 byte length (every o200k token covers at least one byte).
 * When the bound of a whole request fits the window, nothing needs exact counting (or the tokenizer).
 */
export function tokensUpperBound(text: string): number {
  return text ? Buffer.byteLength(text, 'utf8') : 0;
}

/** The exact count when the tokenizer is loaded, else the byte bound: never loads the tokenizer (~70 MB). */
export function countOrBound(text: string): number {
  return tokenizerLoaded() ? countTokens(text) : tokensUpperBound(text);
}

/** messageTokens computed with tokensUpperBound, or the exact count when it is known (the tightest bound). */
export function messageTokensUpperBound(message: ChatMessage): number {
  const known = knownTokens(message);
  if (known !== undefined) return known;
  let n = MESSAGE_OVERHEAD_TOKENS;
  switch (message.role) {
    case 'system':
      return n + tokensUpperBound(message.content);
    case 'user':
      if (typeof message.content === 'string') return n + tokensUpperBound(message.content);
      for (const part of message.content) n += part.type === 'text' ? tokensUpperBound(part.text) : IMAGE_TOKENS;
      return n;
    case 'assistant':
      n += tokensUpperBound(message.content ?? '');
      for (const call of message.toolCalls ?? []) n += 8 + tokensUpperBound(call.name) + tokensUpperBound(call.arguments);
      return n;
    case 'tool':
      return n + tokensUpperBound(message.content) + tokensUpperBound(message.name);
    default:
      return assertNever(message);
  }
}

/** Tokens the tool definitions add to every request (their JSON, as providers render it). */
export function toolSpecsTokens(specs: readonly ToolSpec[]): number {
  let n = 0;
  for (const spec of specs) n += 8 + countTokens(JSON.stringify(spec));
  return n;
}

/** toolSpecsTokens computed with tokensUpperBound. */
export function toolSpecsTokensUpperBound(specs: readonly ToolSpec[]): number {
  let n = 0;
  for (const spec of specs) n += 8 + tokensUpperBound(JSON.stringify(spec));
  return n;
}
