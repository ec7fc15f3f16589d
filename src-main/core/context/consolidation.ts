// Consolidation: when a session outgrows the window, one model call summarises its oldest turns into a
// dated entry of memory/HISTORY.md (append-only) and proposes durable facts for memory/MEMORY.md (written in
// auto mode, else kept as a pending change the user reviews); the session then continues from that summary
// (older messages are marked consolidated, not deleted).
import type { ChatMessage } from '../model/chat-message';
import type { ContextInput } from './context-port';
import type { LlmProvider, ProviderError, ToolSpec } from '../model/llm-provider';
import type { Config } from '../../../src-preload/contract/config-schema';
import type { Database } from '../store/db';
import { listMessages, type StoredMessage } from '../store/messages.repo';
import { repairHistory, toChatMessage, toHistoryMessages } from './stored-history';
import { getSession, updateSessionMeta } from '../store/sessions.repo';
import { insertUsage } from '../store/usage.repo';
import type { Result } from '../lib/result';
import { createLogger } from '../lib/logger';
import type { HistoryConsolidator } from './context-builder';
import type { MemoryFiles } from '../memory/memory-files';
import { formatLocalTime, resolveTimeZone } from '../lib/zoned-time';
import type { MemoryReview } from '../memory/memory-review';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { countOrBound, messageTokens, messageTokensUpperBound, tokenizerLoaded, toolSpecsTokensUpperBound } from './token-estimate';
import { planParts } from './consolidation-transcript';
import { requestBudget } from './history-window';
import { capWithNote, MEMORY_MAX_CHARS } from './system-prompt';
import { HISTORY_FILE, MEMORY_FILE } from '../fence/workspace-files';

const log = createLogger('consolidation');

/** After consolidating, the kept history should use at most this share of the budget. */
const KEEP_SHARE = 0.5;
/** Summariser requests one turn makes at most for a backlog larger than one request (a later turn goes on). */
export const MAX_PARTS_PER_TURN = 4;
/** Tokens kept free in a summariser request for the facts earlier parts of the same consolidation add to MEMORY.md. */
const FACTS_RESERVE_TOKENS = 512;
/** Messages a session grows by after a failed consolidation before it is tried again (each try is a model call). */
export const RETRY_AFTER_MESSAGES = 20;
/** The smallest excerpt budget (a tiny model with a large MEMORY.md still gets a request of some use). */
const EXCERPT_MIN_TOKENS = 256;
/** The running summary kept in session metadata is capped to this many characters (newest kept). */
const SUMMARY_MAX_CHARS = 6_000;

export const SAVE_MEMORY_TOOL: ToolSpec = {
  name: 'save_memory',
  description: 'Save the summary of the conversation excerpt and any durable facts worth remembering.',
  parameters: {
    type: 'object',
    properties: {
      history_entry: {
        type: 'string',
        description: 'A few sentences summarising what happened and was decided, with names, paths and dates.',
      },
      new_facts: {
        type: 'array',
        items: { type: 'string' },
        description: 'Durable facts about the user or their work not already in MEMORY.md (may be empty).',
      },
    },
    required: ['history_entry'],
  },
};

const SUMMARISER_PROMPT = [
  'You maintain the long-term memory of a personal assistant called Nanotray.',
  'Read the conversation excerpt and call save_memory once:',
  '- history_entry: a concise summary of what happened, what was decided and what is still open.',
  '- new_facts: durable facts (preferences, people, projects, recurring needs) that are not already in the',
  '  current MEMORY.md. Leave it empty when there are none. Never include secrets such as keys or passwords.',
].join('\n');

export interface ConsolidatorOptions {
  db: Database;
  memory: MemoryFiles;
  /** Where new facts wait for the user's review (approval mode ask or readonly). */
  review: MemoryReview;
  /** For the "memory updated" notice when facts are written without review (auto mode). */
  emit?(event: CoreEvent): void;
  /** The provider the session's model uses. */
  providerFor(config: Config, providerName: string): Result<LlmProvider, ProviderError>;
}

export interface ConsolidationOutcome {
  historyEntry: string;
  newFacts: string[];
  consolidatedThrough: number;
  /** The stored rows after the consolidated ones (model-visible), oldest first. */
  rest: StoredMessage[];
}

/** The summariser's request: MEMORY.md as it stands (capped), then the excerpt. */
function summariserRequest(memory: { shown: string }, excerpt: string): string {
  return `## Current MEMORY.md\n\n${memory.shown.trim() || '(empty)'}\n\n## Conversation excerpt\n\n${excerpt}`;
}

/** What the summariser may answer with at most. */
function summariserMaxTokens(input: ContextInput): number {
  return Math.min(2048, input.model.maxTokens);
}

/** The model's answer, from a save_memory call or (fallback) JSON in plain text. */
export function parseSaveMemory(toolArgs: string | undefined, content: string): { historyEntry: string; newFacts: string[] } | undefined {
  for (const text of [toolArgs, content.replace(/^```(?:json)?\s*|\s*```$/g, '')]) {
    if (!text?.trim()) continue;
    try {
      const value = JSON.parse(text) as { history_entry?: unknown; new_facts?: unknown };
      if (typeof value.history_entry !== 'string' || !value.history_entry.trim()) continue;
      const facts = Array.isArray(value.new_facts) ? value.new_facts.filter((f): f is string => typeof f === 'string' && f.trim() !== '') : [];
      return { historyEntry: value.history_entry.trim(), newFacts: facts.map((f) => f.trim()) };
    } catch {
      // try the next form
    }
  }
  const plain = content.trim();
  return plain ? { historyEntry: plain, newFacts: [] } : undefined;
}

export class Consolidator implements HistoryConsolidator {
  readonly #opts: ConsolidatorOptions;

  constructor(options: ConsolidatorOptions) {
    this.#opts = options;
  }

  async consolidate(input: ContextInput, historyBudgetTokens: number, maxMessages = Number.POSITIVE_INFINITY): Promise<{ history: ChatMessage[]; summary: string } | undefined> {
    const outcome = await this.run(input, historyBudgetTokens, maxMessages);
    if (!outcome) return undefined;
    const summary = getSession(this.#opts.db, input.sessionKey)?.meta.consolidatedSummary;
    // The history to continue with: the stored rows not consolidated, then what the turn added without storing it.
    const unsaved = input.unsaved ? input.history.slice(-input.unsaved) : [];
    return { history: [...repairHistory(toHistoryMessages(outcome.rest)), ...unsaved], summary: summary ?? outcome.historyEntry };
  }

  /**
   * Summarises the oldest stored messages of the session so the rest fits half the budget and half the message cap.
   * A backlog larger than one request can take is summarised a part per request (at most MAX_PARTS_PER_TURN; a later
   * turn goes on). Returns undefined (and changes nothing) when there is nothing to cut or the first call fails.
   */
  async run(input: ContextInput, historyBudgetTokens: number, maxMessages = Number.POSITIVE_INFINITY): Promise<ConsolidationOutcome | undefined> {
    const { db } = this.#opts;
    const meta = getSession(db, input.sessionKey)?.meta;
    const after = meta?.consolidatedThrough ?? 0;
    const rows = listMessages(db, input.sessionKey, { afterId: after }).filter(
      (r) => r.role !== 'system' || r.meta.visibleToModel === true,
    );
    // After a failure, the window drops the oldest messages unsummarised for a while instead of paying a call per turn.
    if (meta?.consolidationFailedAt !== undefined && rows.length < meta.consolidationFailedAt + RETRY_AFTER_MESSAGES) return undefined;
    const cut = chooseCut(rows, Math.floor(historyBudgetTokens * KEEP_SHARE), Math.floor(maxMessages * KEEP_SHARE));
    if (cut <= 0) return undefined;
    const provider = this.#opts.providerFor(input.config, input.model.provider);
    if (!provider.ok) {
      log.warn(`cannot consolidate ${input.sessionKey}: ${provider.error.message}`);
      return undefined;
    }
    const timeZone = resolveTimeZone(input.config.agent.timezone);
    const parts = planParts(rows.slice(0, cut), this.#excerptBudget(input), timeZone, MAX_PARTS_PER_TURN);
    const status = (phase: 'started' | 'finished', messages: number) =>
      input.turnId && this.#opts.emit?.({ type: 'turn.summarising', sessionKey: input.sessionKey, turnId: input.turnId, phase, messages });
    status('started', parts.reduce((n, p) => n + p.taken, 0));
    let done = 0;
    const entries: string[] = [];
    const facts: string[] = [];
    try {
      for (const part of parts) {
        if (input.signal?.aborted) break;
        const saved = await this.#summarise(provider.value, part.text, rows[done + part.taken - 1]!.id, input, timeZone);
        if (!saved) break;
        done += part.taken;
        entries.push(saved.historyEntry);
        facts.push(...saved.newFacts);
      }
    } finally {
      status('finished', done);
    }
    if (!done) {
      if (!input.signal?.aborted) updateSessionMeta(db, input.sessionKey, { consolidationFailedAt: rows.length });
      return undefined;
    }
    return { historyEntry: entries.join('\n\n'), newFacts: facts, consolidatedThrough: rows[done - 1]!.id, rest: rows.slice(done) };
  }

  /**
   * Tokens one summariser request's excerpt may use: the model's window less its answer, the summariser's prompt and
   * tool, MEMORY.md as the request carries it (capped as in the system prompt) and room for the facts this
   * consolidation adds to it between parts.
   */
  #excerptBudget(input: ContextInput): number {
    const memory = this.#memoryForRequest();
    const fixed = countOrBound(SUMMARISER_PROMPT) + countOrBound(summariserRequest(memory, '')) + toolSpecsTokensUpperBound([SAVE_MEMORY_TOOL]) + FACTS_RESERVE_TOKENS;
    return Math.max(EXCERPT_MIN_TOKENS, requestBudget(input.model.contextWindowTokens, summariserMaxTokens(input)) - fixed);
  }

  /** MEMORY.md as a summariser request shows it: its text, capped as the system prompt caps it. */
  #memoryForRequest(): { full: string; shown: string } {
    const read = this.#opts.memory.read(MEMORY_FILE);
    const full = read.ok ? read.value.content : '';
    return { full, shown: capWithNote(MEMORY_FILE, full, MEMORY_MAX_CHARS) };
  }

  /** One summariser request over `excerpt`: its entry appended to HISTORY.md and the session's summary, its facts kept. */
  async #summarise(provider: LlmProvider, excerpt: string, through: number, input: ContextInput, timeZone: string): Promise<{ historyEntry: string; newFacts: string[] } | undefined> {
    const { db } = this.#opts;
    const memory = this.#memoryForRequest();
    const response = await provider.chat({
      model: input.model.model,
      messages: [
        { role: 'system', content: SUMMARISER_PROMPT },
        { role: 'user', content: summariserRequest(memory, excerpt) },
      ],
      tools: [SAVE_MEMORY_TOOL],
      maxTokens: summariserMaxTokens(input),
      temperature: 0,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    if (!response.ok) {
      log.warn(`consolidation of ${input.sessionKey} failed: ${response.error.message}`);
      return undefined;
    }
    insertUsage(db, { at: input.now, sessionKey: input.sessionKey, source: 'consolidation', model: input.model.model, usage: response.value.usage });
    const call = response.value.toolCalls.find((c) => c.name === SAVE_MEMORY_TOOL.name);
    const parsed = parseSaveMemory(call?.arguments, response.value.content);
    if (!parsed) return undefined;
    const stamp = formatLocalTime(input.now, timeZone);
    if (!this.appendHistory(`## ${stamp} — ${input.sessionKey}\n\n${parsed.historyEntry}\n`)) return undefined;
    this.addFacts(parsed.newFacts, memory.full, input);
    const previous = getSession(db, input.sessionKey)?.meta.consolidatedSummary;
    let summary = `${previous ? `${previous}\n\n` : ''}[${stamp}] ${parsed.historyEntry}`;
    if (summary.length > SUMMARY_MAX_CHARS) summary = `[...] ${summary.slice(summary.length - SUMMARY_MAX_CHARS)}`;
    updateSessionMeta(db, input.sessionKey, { consolidatedThrough: through, consolidationFailedAt: undefined, consolidatedSummary: summary });
    return parsed;
  }

  /** Appends an entry to HISTORY.md (never rewrites earlier entries); false when the write failed. */
  appendHistory(entry: string): boolean {
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = this.#opts.memory.read(HISTORY_FILE);
      if (!current.ok) return false;
      const text = current.value.content;
      const header = text.trim() ? '' : '# History\n\nDated summaries of past conversations (newest last).\n';
      const next = `${text}${text && !text.endsWith('\n') ? '\n' : ''}${header}\n${entry}`;
      const written = this.#opts.memory.write(HISTORY_FILE, next, current.value.version, 'agent');
      if (!written.ok) return false;
      if (written.value.status !== 'conflict') return true;
    }
    return false;
  }

  /**
   * Adds the facts (each one bullet line, see factLine) that MEMORY.md does not have yet. MEMORY.md is in every
   * system prompt, and the facts are the model's words: only auto mode writes them (with a "memory updated"
   * notice); otherwise they join a pending change the user accepts, edits or rejects.
   */
  addFacts(facts: readonly string[], currentMemory: string, input: Pick<ContextInput, 'config' | 'sessionKey'>): void {
    const lines = facts.map(factLine).filter((f) => f !== '');
    const build = (text: string): string => withFacts(text, lines.filter((f) => !currentMemory.includes(f) && !text.includes(f)));
    if (input.config.tools.approval.mode !== 'auto') {
      const kept = this.#opts.review.extendConsolidation(MEMORY_FILE, input.sessionKey, build);
      if (!kept.ok) log.warn(`new facts for ${MEMORY_FILE} were not kept: ${kept.error.message}`);
      return;
    }
    const current = this.#opts.memory.read(MEMORY_FILE);
    if (!current.ok) return;
    const next = build(current.value.content);
    if (next === current.value.content) return;
    const written = this.#opts.memory.write(MEMORY_FILE, next, current.value.version, 'agent');
    if (!written.ok || written.value.status !== 'written') return;
    const versionId = written.value.previousVersionId;
    this.#opts.emit?.({
      type: 'memory.updated',
      path: MEMORY_FILE,
      source: 'consolidation',
      fromSession: input.sessionKey,
      ...(versionId !== undefined ? { versionId } : {}),
    });
  }
}

/** Longest fact kept; a longer one is cut (a fact is one short line, not a document). */
const FACT_MAX_CHARS = 300;

/**
 * A model-proposed fact as one plain bullet line: line breaks and runs of spaces become one space, and leading
 * markdown that could open a section or block (`#`, `>`, `-`, `*`, `+`, `|`, code fences, numbering) is dropped, so a
 * fact cannot break out of its list into a heading or block of its own that reads like an instruction.
 */
export function factLine(fact: string): string {
  let line = fact.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  const marker = /^(?:[#>*+|=~-]+|`{3,}|\d+[.)])\s*/;
  while (marker.test(line)) line = line.replace(marker, '');
  line = line.replace(/`{3,}/g, "'''").trim();
  return line.length > FACT_MAX_CHARS ? `${line.slice(0, FACT_MAX_CHARS - 1)}…` : line;
}

/** `text` with the facts appended as bullets (a `# Memory` heading first when the file is empty). */
function withFacts(text: string, facts: readonly string[]): string {
  if (!facts.length) return text;
  const block = facts.map((f) => `- ${f}`).join('\n');
  return `${text}${text && !text.endsWith('\n') ? '\n' : ''}${text.trim() ? '\n' : '# Memory\n\n'}${block}\n`;
}

/** A stored message's tokens: its stored count, the exact count when the tokenizer is loaded, else its byte bound. */
function rowTokens(row: StoredMessage): number {
  if (row.tokens !== undefined) return row.tokens;
  const message = toChatMessage(row);
  return tokenizerLoaded() ? messageTokens(message) : messageTokensUpperBound(message);
}

/**
 * Index of the first stored row to keep: everything before it is consolidated. The kept part fits
 * `keepTokens` and `keepMessages`, starts at a user message (so a tool call and its result are never separated)
 * and always contains the newest user message. 0 means nothing can be consolidated. Counts as rowTokens does (a bound keeps
 * less, never more).
 */
export function chooseCut(rows: readonly StoredMessage[], keepTokens: number, keepMessages = Number.POSITIVE_INFINITY): number {
  let lastUser = -1;
  for (let i = rows.length - 1; i >= 0; i--) {
    if (rows[i]!.role === 'user') {
      lastUser = i;
      break;
    }
  }
  if (lastUser <= 0) return 0;
  let used = 0;
  let start = rows.length;
  for (let i = rows.length - 1; i >= 0; i--) {
    used += rowTokens(rows[i]!);
    if ((used > keepTokens || rows.length - i > keepMessages) && i < lastUser) break;
    start = i;
  }
  while (start < lastUser && rows[start]!.role !== 'user') start++;
  return Math.min(start, lastUser);
}
