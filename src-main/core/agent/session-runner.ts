// Runs agent turns: one at a time per session (a serial queue each), different sessions in parallel.
// Persists the user message first, picks the session's model, and records usage and the title.
import { randomUUID } from 'node:crypto';
import type { Config } from '../../../src-preload/contract/config-schema';
import type { Database } from '../store/db';
import { appendMessage } from '../store/messages.repo';
import { userMessageText } from '../context/stored-history';
import { HistoryCache } from '../context/history-cache';
import { requestBudget } from '../context/history-window';
import { deleteSession, ensureSession, getSession, setSessionTitle, splitSessionKey, touchSession, updateSessionMeta } from '../store/sessions.repo';
import { toolParameters, type ToolRegistry } from '../tools/tool-registry';
import type { ImageAttachment, Tool } from '../tools/tool';
import type { ChatMessage, ContentPart, TokenUsage } from '../model/chat-message';
import type { ContextBuilder } from '../context/context-port';
import type { CoreEvent, StopReason } from '../../../src-preload/contract/event-schemas';
import type { LlmProvider, ProviderError, ToolSpec } from '../model/llm-provider';
import { effectiveModel, fallbackModels, type EffectiveModel } from '../model/model-presets';
import type { RuntimeOverrides } from '../config/runtime-overrides';
import { runAgentTurn, type QuietTurn } from './agent-loop';
import { missingPresetCandidate } from './model-call';
import { turnErrorFields, type TurnErrorKind } from './turn-error';
import { errorMessage, type Result } from '../lib/result';
import type { SessionLease, SessionLeases } from './session-lease';

export type TurnSource = 'user' | 'heartbeat' | 'cron' | 'subagent' | 'system';

export interface TurnRequest {
  sessionKey: string;
  /** The id the turn will have (minted by the caller, so it can answer with it before the turn starts). */
  turnId?: string;
  text: string;
  images?: ImageAttachment[];
  /** MCP resources the user attached (framed, bounded text): the model reads them after the message. */
  resources?: { server: string; uri: string; text: string }[];
  /** Someone can answer approval prompts (false for heartbeat, cron, subagents, `--yes`-less scripts). */
  interactive?: boolean;
  source?: TurnSource;
  /** True while this turn is a cron job run. */
  inCronRun?: boolean;
  signal?: AbortSignal;
  /** Store the user message in the session (default true). */
  persistUserMessage?: boolean;
  /**
   * The question is already the session's last stored message (regenerate, Retry): answer it again; nothing is
   * stored for the user and nothing added to the history (`text` is not used).
   */
  answerStored?: boolean;
  /** Appended to the system prompt for this turn only. */
  extraSystem?: string;
  /** Restricts the tools this turn may see and call (e.g. subagents). */
  toolFilter?: (tool: Tool) => boolean;
  /** Publish and store no raw answer (see QuietTurn); the result carries it for the caller to store. */
  quiet?: QuietTurn;
  /** Title for a session that has none yet (default: the first line of `text`). */
  title?: string;
  /**
   * For a turn nobody asked for that follows a subagent's result: how many such turns in a row led here since the
   * user last wrote (1 for the first). What it may start is bounded by it (see SubagentManager).
   */
  followUp?: number;
}

export interface TurnResult {
  turnId: string;
  stopReason: StopReason;
  text: string;
  /** Why the turn failed, for people; `errorKind` says it for programs (both or neither). */
  error?: string;
  errorKind?: TurnErrorKind;
  usage: TokenUsage;
  iterations: number;
}

export interface ActiveTurn {
  turnId: string;
  iteration: number;
  startedAt: number;
  source: TurnSource;
  /** Set for an unattended follow-up turn (TurnRequest.followUp). */
  followUp?: number;
}

export interface SessionRunnerDeps {
  db: Database;
  tools: ToolRegistry;
  emit(event: CoreEvent): void;
  now(): number;
  config(): Config;
  overrides: RuntimeOverrides;
  workspace(): string;
  builtinSkillsDir: string;
  /** Builds each turn's messages (the workspace's one context builder). */
  contextBuilder: ContextBuilder;
  provider(config: Config, model: EffectiveModel): Result<LlmProvider, ProviderError>;
  /** Called by file-writing tools before they change a file to `content` (the workspace keeps the previous version). */
  recordFileVersion?: (absPath: string, content?: string) => void;
  /** One turn at a time per session across processes (the CLI, the app and the daemon share a home). */
  leases?: SessionLeases;
  /** For a store failure: the message when it means the database file is damaged (and the home is marked for repair). */
  damagedStore?(err: unknown): string | undefined;
  newTurnId?(): string;
}

const TITLE_MAX = 60;

/** The first line of the first message, shortened: the session's default title. */
export function titleFromText(text: string): string {
  const line = text.trim().split('\n')[0]?.trim() ?? '';
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

export class SessionRunner {
  #queues = new Map<string, Promise<unknown>>();
  #pending = new Map<string, number>();
  #active = new Map<string, ActiveTurn & { controller: AbortController }>();
  #history = new HistoryCache();
  /** JSON Schema generation costs ~0.1 ms per tool; a tool object's params never change, so keep them. */
  #parameters = new WeakMap<Tool, Record<string, unknown>>();
  #closed = false;

  constructor(private readonly deps: SessionRunnerDeps) {}

  /** Queues a turn in its session; resolves when it has finished (never rejects). */
  run(req: TurnRequest): Promise<TurnResult> {
    const key = req.sessionKey;
    const previous = this.#queues.get(key) ?? Promise.resolve();
    this.#pending.set(key, (this.#pending.get(key) ?? 0) + 1);
    const next = previous.then(() => this.#runNow(req));
    const settled = next.finally(() => {
      const left = (this.#pending.get(key) ?? 1) - 1;
      if (left <= 0) this.#pending.delete(key);
      else this.#pending.set(key, left);
      if (this.#queues.get(key) === settled) this.#queues.delete(key);
    });
    this.#queues.set(key, settled);
    return next;
  }

  /**
   * Stops for good (core disposal): queued turns end as cancelled without running, running ones are
   * cancelled, and this resolves when they have finished (or after `timeoutMs`).
   */
  async close(timeoutMs = 3000): Promise<void> {
    this.#closed = true;
    for (const active of this.#active.values()) active.controller.abort();
    const pending = Promise.allSettled([...this.#queues.values()]);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref?.();
    });
    await Promise.race([pending, timeout]);
    clearTimeout(timer);
  }

  /** Cancels the turn running in the session; true when there was one. */
  cancel(sessionKey: string): boolean {
    const active = this.#active.get(sessionKey);
    if (!active) return false;
    active.controller.abort();
    return true;
  }

  /** Whether a turn is running or queued in the session (or in any session when no key is given). */
  isBusy(sessionKey?: string): boolean {
    return sessionKey === undefined ? this.#pending.size > 0 : (this.#pending.get(sessionKey) ?? 0) > 0;
  }

  /**
   * Forgets the session's messages (`/clear`); its title and settings such as the model preset stay. The
   * caller checks `isBusy` first: clearing under a running turn would lose the rows it is writing.
   */
  clear(sessionKey: string): void {
    const d = this.deps;
    const existing = getSession(d.db, sessionKey);
    if (!existing) return;
    deleteSession(d.db, sessionKey);
    ensureSession(d.db, sessionKey, d.now());
    if (existing.title) setSessionTitle(d.db, sessionKey, existing.title);
    // The summary of what was cleared goes with it (it would otherwise stay in every prompt of the empty chat).
    updateSessionMeta(d.db, sessionKey, { ...existing.meta, consolidatedThrough: undefined, consolidationFailedAt: undefined, consolidatedSummary: undefined });
    d.emit({ type: 'session.changed', sessionKey, change: 'updated' });
  }

  /** The running turn of a session, for the `my` tool and the runtime panel. */
  activeTurn(sessionKey: string): ActiveTurn | undefined {
    const a = this.#active.get(sessionKey);
    return a ? { turnId: a.turnId, iteration: a.iteration, startedAt: a.startedAt, source: a.source, ...(a.followUp ? { followUp: a.followUp } : {}) } : undefined;
  }

  /** Every running turn by session key. */
  activeTurns(): Map<string, ActiveTurn> {
    return new Map([...this.#active.keys()].map((k) => [k, this.activeTurn(k)!]));
  }

  async #runNow(req: TurnRequest): Promise<TurnResult> {
    const d = this.deps;
    const turnId = req.turnId ?? d.newTurnId?.() ?? randomUUID();
    if (this.#closed) {
      return { turnId, stopReason: 'cancelled', text: '', error: 'Nanotray is shutting down.', errorKind: 'shutdown', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, iterations: 0 };
    }
    const source = req.source ?? 'user';
    const controller = new AbortController();
    const onOuterAbort = (): void => controller.abort();
    if (req.signal?.aborted) controller.abort();
    req.signal?.addEventListener('abort', onOuterAbort, { once: true });
    const active = { turnId, iteration: 0, startedAt: d.now(), source, controller, followUp: req.followUp };
    this.#active.set(req.sessionKey, active);
    let lease: SessionLease | undefined;
    try {
      // Another process (the CLI, the app, the daemon) may be running a turn of this session: wait for it, so the
      // questions and answers of both are stored in order.
      lease = await d.leases?.acquire(req.sessionKey, controller.signal, (holder) =>
        d.emit({ type: 'turn.waiting', sessionKey: req.sessionKey, turnId, ...(holder ? { holderPid: holder.pid } : {}) }),
      );
      if (d.leases && !lease) return stoppedBeforeStart(turnId);
      return { turnId, ...(await this.#turn(req, turnId, source, controller.signal, (n) => (active.iteration = n))) };
    } catch (err) {
      // Only set-up can throw here (the loop itself never does): e.g. the database is locked or gone.
      const damaged = d.damagedStore?.(err);
      const failure = turnErrorFields({ kind: 'not_started', message: damaged ?? `The turn could not start: ${errorMessage(err)}` });
      const usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
      d.emit({ type: 'turn.started', sessionKey: req.sessionKey, turnId, at: d.now() });
      d.emit({ type: 'turn.finished', sessionKey: req.sessionKey, turnId, stopReason: 'error', text: '', ...failure, usage });
      return { turnId, stopReason: 'error', text: '', ...failure, usage, iterations: 0 };
    } finally {
      lease?.release();
      req.signal?.removeEventListener('abort', onOuterAbort);
      if (this.#active.get(req.sessionKey) === active) this.#active.delete(req.sessionKey);
    }
  }

  #toolSpecs(filter?: (tool: Tool) => boolean): ToolSpec[] {
    return this.deps.tools.list(filter).map((tool) => {
      let parameters = this.#parameters.get(tool);
      if (!parameters) {
        parameters = toolParameters(tool);
        this.#parameters.set(tool, parameters);
      }
      return { name: tool.name, description: tool.description, parameters };
    });
  }

  async #turn(req: TurnRequest, turnId: string, source: TurnSource, signal: AbortSignal, onIteration: (n: number) => void) {
    const d = this.deps;
    const config = d.config();
    const key = req.sessionKey;
    const existed = getSession(d.db, key) !== undefined;
    const session = ensureSession(d.db, key, d.now());
    if (!existed) d.emit({ type: 'session.changed', sessionKey: key, change: 'created' });
    const userMessage: ChatMessage = { role: 'user', content: userContent(userMessageText(req.text, { resources: req.resources }), req.images) };
    if (req.persistUserMessage !== false && !req.answerStored) {
      appendMessage(d.db, {
        sessionKey: key,
        turnId,
        role: 'user',
        content: req.text,
        meta: { source, ...(req.images?.length ? { images: req.images } : {}), ...(req.resources?.length ? { resources: req.resources } : {}) },
        createdAt: d.now(),
      });
      const title = req.title ?? titleFromText(req.text);
      if (!session.title && title) setSessionTitle(d.db, key, title);
    }
    const model = effectiveModel(config, d.overrides, session.meta.modelPreset, session.meta.model);
    // Only the newest messages that can fit the request (and the message cap) are read: a long session costs a
    // window, not its length.
    const budgetTokens = requestBudget(model.contextWindowTokens, model.maxTokens);
    const afterId = session.meta.consolidatedThrough ?? 0;
    const { messages: history, unread } = await this.#history.load(d.db, key, { afterId, budgetTokens, maxMessages: config.agent.maxHistoryMessages });
    const unsaved = req.persistUserMessage === false && !req.answerStored ? 1 : 0;
    if (unsaved) history.push(userMessage);
    const { channel, chatId } = splitSessionKey(key);
    const workspace = d.workspace();
    const outcome = await runAgentTurn(
      { db: d.db, tools: d.tools, emit: d.emit, now: d.now, ...(d.damagedStore ? { damagedStore: d.damagedStore } : {}) },
      {
        context: { sessionKey: key, turnId, channel, chatId, history, unread, unsaved, model, config, workspace, now: d.now(), signal },
        contextBuilder: d.contextBuilder,
        provider: d.provider(config, model),
        fallbacks: fallbackModels(config, d.overrides, model).map((m) => ('missing' in m ? missingPresetCandidate(m.missing, model) : { model: m, provider: d.provider(config, m) })),
        maxIterations: d.overrides.maxIterations ?? config.agent.maxIterations,
        maxToolResultChars: d.overrides.maxToolResultChars ?? config.agent.maxToolResultChars,
        builtinSkillsDir: d.builtinSkillsDir,
        interactive: req.interactive ?? false,
        inCronRun: req.inCronRun ?? false,
        source,
        ...(req.extraSystem ? { extraSystem: req.extraSystem } : {}),
        ...(req.toolFilter ? { toolFilter: req.toolFilter } : {}),
        toolSpecs: () => this.#toolSpecs(req.toolFilter),
        ...(req.quiet ? { quiet: req.quiet } : {}),
        ...(d.recordFileVersion ? { recordFileVersion: d.recordFileVersion } : {}),
        onIteration,
      },
    );
    if (outcome.iterations > 0) updateSessionMeta(d.db, key, { lastUsage: outcome.usage });
    this.#history.storeCounts(d.db, key); // counts made while fitting this turn: the next process needs no tokenizer
    touchSession(d.db, key, d.now());
    d.emit({ type: 'session.changed', sessionKey: key, change: 'updated' });
    return outcome;
  }
}

/** The result of a turn stopped while it waited for another process's turn: nothing was stored. */
function stoppedBeforeStart(turnId: string): TurnResult {
  return { turnId, stopReason: 'cancelled', text: '', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, iterations: 0 };
}

function userContent(text: string, images?: ImageAttachment[]): string | ContentPart[] {
  if (!images?.length) return text;
  return [{ type: 'text', text }, ...images.map((i): ContentPart => ({ type: 'image_url', image_url: { url: `data:${i.mimeType};base64,${i.data}` } }))];
}
