// Token counts for fitting a request into the window: exact once the tokenizer is loaded, else the counts stored
// earlier (with each message; the system prompt and the tool list by digest) or UTF-8 byte bounds, never below
// the exact count. Exact counts of the prompt and the tools are stored as they are made.
import type { ChatMessage } from '../model/chat-message';
import type { ToolSpec } from '../model/llm-provider';
import { StoredTokenCounts } from './stored-token-counts';
import {
  countTokens,
  messageTokens,
  messageTokensUpperBound,
  tokenizerLoaded,
  tokensUpperBound,
  toolSpecsTokens,
  toolSpecsTokensUpperBound,
} from './token-estimate';

/** The text a tool list is stored under (each definition as providers render it, one per line). */
function toolsKey(specs: readonly ToolSpec[]): string {
  return `tools\n${specs.map((s) => JSON.stringify(s)).join('\n')}`;
}

/** Same tools: each definition's name, description and (kept per tool, never changed) parameters object. */
function sameTools(a: readonly ToolSpec[], b: readonly ToolSpec[]): boolean {
  return (
    a.length === b.length &&
    a.every((spec, i) => spec.name === b[i]!.name && spec.description === b[i]!.description && spec.parameters === b[i]!.parameters)
  );
}

export class WindowTokenCounter {
  /** The last tool list's key and bound: a turn's list is new objects around the same definitions. */
  #lastTools: { specs: readonly ToolSpec[]; key: string; bound: number } | undefined;

  constructor(private readonly counts: StoredTokenCounts) {}

  /** A message: exact with the tokenizer, else its stored count or its bound. */
  readonly message = (m: ChatMessage): number => (tokenizerLoaded() ? messageTokens(m) : messageTokensUpperBound(m));

  /** A prompt text: stored, else exact (and stored) with the tokenizer, else its bound. */
  text(text: string): number {
    return text ? this.#count(text, () => tokensUpperBound(text), () => countTokens(text)) : 0;
  }

  /** The per-turn runtime note: exact or its bound, never stored (it changes every turn). */
  note(text: string): number {
    return tokenizerLoaded() ? countTokens(text) : tokensUpperBound(text);
  }

  /** The tool definitions, like `text`. */
  tools(specs: readonly ToolSpec[]): number {
    return specs.length ? this.#count(this.#toolsKey(specs), () => this.#toolsBound(specs), () => toolSpecsTokens(specs)) : 0;
  }

  /** Stored count or bound, without counting anything (the fast path). */
  bound(text: string): number {
    return text ? (this.counts.get(text) ?? tokensUpperBound(text)) : 0;
  }

  /** Stored count or bound of the tool definitions. */
  toolsBound(specs: readonly ToolSpec[]): number {
    return specs.length ? (this.counts.get(this.#toolsKey(specs)) ?? this.#toolsBound(specs)) : 0;
  }

  /** The stored count of a prompt text, if any. */
  stored(text: string): number | undefined {
    return this.counts.get(text);
  }

  /** The stored count of a tool list, if any. */
  storedTools(specs: readonly ToolSpec[]): number | undefined {
    return specs.length ? this.counts.get(this.#toolsKey(specs)) : 0;
  }

  #tools(specs: readonly ToolSpec[]): { key: string; bound: number } {
    if (!this.#lastTools || !sameTools(this.#lastTools.specs, specs)) {
      this.#lastTools = { specs, key: toolsKey(specs), bound: toolSpecsTokensUpperBound(specs) };
    }
    return this.#lastTools;
  }

  #toolsKey(specs: readonly ToolSpec[]): string {
    return this.#tools(specs).key;
  }

  #toolsBound(specs: readonly ToolSpec[]): number {
    return this.#tools(specs).bound;
  }

  #count(key: string, bound: () => number, exact: () => number): number {
    const stored = this.counts.get(key);
    if (stored !== undefined) return stored;
    if (!tokenizerLoaded()) return bound();
    const n = exact();
    this.counts.put(key, n);
    return n;
  }
}
