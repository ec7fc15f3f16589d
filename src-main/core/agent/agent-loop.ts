// One agent turn: build the context, call the model, run its tool calls through the registry, feed the
// results back, and repeat until a plain answer or the iteration limit. Never throws: every failure ends
// the turn with a stop reason and a clear message.
import type { Config } from '../../../src-preload/contract/config-schema';
import type { Database } from '../store/db';
import { appendMessage, appendToolResult, type NewMessage } from '../store/messages.repo';
import type { ToolEventRow } from '../store/tool-events.repo';
import type { ToolRegistry } from '../tools/tool-registry';
import { fail, type ImageAttachment, type Tool, type ToolContext, type ToolResult } from '../tools/tool';
import { containsSecret, refreshKnownSecrets, scrubSecrets } from '../lib/known-secrets';
import { cleanToolResult, outcomeOf, scrubToolCalls, secretInArgumentsError } from './tool-results';
import { appendToSystem, emptyAnswerReason, withoutImages } from './turn-messages';
import { addUsage, ZERO_USAGE, type ChatMessage, type ContentPart, type TokenUsage, type ToolCall } from '../model/chat-message';
import type { ContextBuilder, ContextInput } from '../context/context-port';
import type { CoreEvent, StopReason } from '../../../src-preload/contract/event-schemas';
import type { LlmProvider, LlmResponse, ProviderError, ToolSpec } from '../model/llm-provider';
import { turnErrorFields, type TurnError, type TurnErrorKind } from './turn-error';
import { ModelCaller, modelLabel, type ModelCandidate } from './model-call';
import { turnEndRecord } from './turn-end-record';
import { checkArguments, invalidArgumentsResult } from './tool-arguments';
import type { Result } from '../lib/result';
import { errorMessage } from '../lib/result';

export interface AgentLoopDeps {
  db: Database;
  tools: ToolRegistry;
  emit(event: CoreEvent): void;
  now(): number;
  /** For a store failure: the message when the database file is damaged (the home is then marked for repair). */
  damagedStore?(err: unknown): string | undefined;
}

export interface TurnSetup {
  /**
   * Who, where and what: the turn's ids, config, signal and what the context builder gets (history already
   * includes the new user message). The tool list comes from `toolSpecs`, read again before every model call.
   */
  context: TurnContext;
  contextBuilder: ContextBuilder;
  provider: Result<LlmProvider, ProviderError>;
  /** Tried in order when the model fails after its retries (`agent.fallbackModels`). */
  fallbacks?: ModelCandidate[];
  maxIterations: number;
  maxToolResultChars: number;
  builtinSkillsDir: string;
  interactive: boolean;
  inCronRun: boolean;
  /** Who started the turn; stored with the usage rows. */
  source: string;
  /** Added to the end of the system prompt for this turn only. */
  extraSystem?: string;
  toolFilter?: (tool: Tool) => boolean;
  /**
   * The tools offered, re-read before every model call, so a tool that appears mid-turn (an MCP server's
   * list_changed) is offered on the very next call.
   */
  toolSpecs: () => ToolSpec[];
  recordFileVersion?: (absPath: string, content?: string) => void;
  /** A turn whose raw answer is not for the user's eyes (the heartbeat's HEARTBEAT_OK contract). */
  quiet?: QuietTurn;
  /** Told each time a new model call starts (1-based). */
  onIteration?(iteration: number): void;
}

/** A turn's context input: a turn id and a signal always, the tool list from `TurnSetup.toolSpecs`. */
export type TurnContext = Omit<ContextInput, 'toolSpecs' | 'turnId' | 'signal'> & { turnId: string; signal: AbortSignal };

/**
 * How a quiet turn publishes: no `token` events and an empty `turn.finished.text`; the final answer is
 * returned in `TurnOutcome.text` but not stored (the caller stores what is fit to keep); text the model
 * writes beside tool calls, or streamed before a failure, is stored through `redact`.
 */
export interface QuietTurn {
  redact(text: string): string;
}

export interface TurnOutcome {
  stopReason: StopReason;
  text: string;
  /** Why the turn failed, for people; `errorKind` says it for programs (both or neither). */
  error?: string;
  errorKind?: TurnErrorKind;
  usage: TokenUsage;
  /** Model calls made. */
  iterations: number;
}

export { truncateToolResult } from './tool-results';

export { IMAGE_OMITTED_NOTE } from './turn-messages';
export const CANCELLED_TOOL_RESULT = 'Error: The turn was cancelled before this tool ran.';
export const FINAL_ANSWER_NOTE =
  'You have reached the tool-call limit for this turn. Do not call tools; give your final answer now with what you have.';

class TurnRun {
  usage: TokenUsage = ZERO_USAGE;
  iterations = 0;
  streamed = '';
  streamedReasoning = '';

  constructor(
    private readonly deps: AgentLoopDeps,
    private readonly setup: TurnSetup,
  ) {}

  finish(stopReason: StopReason, text: string, error?: TurnError): TurnOutcome {
    const s = this.setup;
    const failure = turnErrorFields(error);
    this.#recordEnd(stopReason, error);
    this.deps.emit({ type: 'turn.finished', sessionKey: s.context.sessionKey, turnId: s.context.turnId, stopReason, text: s.quiet ? '' : text, ...failure, usage: this.usage });
    return { stopReason, text, ...failure, usage: this.usage, iterations: this.iterations };
  }

  /** A failed, stopped or step-limited turn says so in its session (not in a quiet one); a store failure only costs that row. */
  #recordEnd(stopReason: StopReason, error: TurnError | undefined): void {
    const record = this.setup.quiet ? undefined : turnEndRecord(stopReason, error, (t) => this.storable(t));
    if (!record) return;
    try {
      appendMessage(this.deps.db, this.message(record));
    } catch {
      // the database is what failed (the turn ends with that error); nothing more to keep
    }
  }

  message(m: Omit<NewMessage, 'sessionKey' | 'turnId' | 'createdAt'>): NewMessage {
    return { ...m, sessionKey: this.setup.context.sessionKey, turnId: this.setup.context.turnId, createdAt: this.deps.now() };
  }

  #caller: ModelCaller | undefined;

  /** The turn's model caller (the setup's model, then its fallbacks). */
  caller(provider: LlmProvider): ModelCaller {
    const s = this.setup;
    this.#caller ??= new ModelCaller(
      this.deps,
      { sessionKey: s.context.sessionKey, turnId: s.context.turnId, source: s.source, signal: s.context.signal, quiet: Boolean(s.quiet) },
      [{ model: s.context.model, provider: { ok: true, value: provider } }, ...(s.fallbacks ?? [])],
    );
    return this.#caller;
  }

  async callModel(provider: LlmProvider, messages: ChatMessage[], withTools: boolean): Promise<Result<LlmResponse, ProviderError>> {
    const s = this.setup;
    this.iterations++;
    s.onIteration?.(this.iterations);
    const outcome = await this.caller(provider).call(messages, withTools ? s.toolSpecs() : []);
    this.streamed = outcome.streamed;
    this.streamedReasoning = outcome.streamedReasoning;
    if (outcome.result.ok) this.usage = addUsage(this.usage, outcome.result.value.usage);
    return outcome.result;
  }

  /** What an assistant message of this turn stores besides its text: reasoning, and who answered. */
  assistantMeta(response: Pick<LlmResponse, 'reasoning'>, extra: Record<string, unknown> = {}): Record<string, unknown> | undefined {
    const r = response.reasoning;
    const by = this.#caller?.answeredBy;
    const model = this.#caller ? modelLabel(this.#caller.model) : undefined;
    const meta = {
      ...extra,
      ...(r ? { reasoning: this.storable(r.text), reasoningFormat: r.format } : {}),
      ...(by ? { answeredBy: by } : {}),
      ...(model ? { model } : {}),
    };
    return Object.keys(meta).length ? meta : undefined;
  }

  /**
   * Runs one tool call with a fresh context. Returns the model-facing text (secrets scrubbed, then cut to
   * size), any images, and the tool_events row to store with the result.
   */
  async runTool(call: ToolCall): Promise<{ content: string; images: ImageAttachment[]; event: ToolEventRow }> {
    const s = this.setup;
    const startedAt = this.deps.now();
    const t0 = performance.now();
    const carriesSecret = containsSecret(call.arguments);
    const args = carriesSecret ? scrubSecrets(call.arguments) : call.arguments;
    this.deps.emit({ type: 'tool.started', sessionKey: s.context.sessionKey, turnId: s.context.turnId, callId: call.id, name: call.name, args, at: startedAt });
    const ctx: ToolContext = {
      sessionKey: s.context.sessionKey,
      channel: s.context.channel,
      chatId: s.context.chatId,
      turnId: s.context.turnId,
      callId: call.id,
      workspace: s.context.workspace,
      builtinSkillsDir: s.builtinSkillsDir,
      config: s.context.config,
      signal: s.context.signal,
      iteration: this.iterations,
      interactive: s.interactive,
      vision: s.context.model.vision,
      inCronRun: s.inCronRun,
      emit: (event) => this.deps.emit(event),
      now: () => this.deps.now(),
      ...(s.recordFileVersion ? { recordFileVersion: s.recordFileVersion } : {}),
    };
    let result: ToolResult;
    try {
      result = carriesSecret ? fail('refused', secretInArgumentsError(call.name)) : await this.deps.tools.execute(call.name, call.arguments, ctx, s.toolFilter);
    } catch (err) {
      result = fail('failed', `Error executing ${call.name}: ${errorMessage(err)}`);
    }
    // The one place a tool result enters the model, the store and the events: scrubbed here, with every secret known
    // by now (one another process stored meanwhile: a browser host's token, an MCP sign-in).
    refreshKnownSecrets();
    const { content, images } = cleanToolResult(result, s.maxToolResultChars);
    const durationMs = performance.now() - t0;
    const outcome = outcomeOf(result);
    this.deps.emit({ type: 'tool.finished', sessionKey: s.context.sessionKey, turnId: s.context.turnId, callId: call.id, name: call.name, ...outcome, result: content, durationMs });
    const event: ToolEventRow = { sessionKey: s.context.sessionKey, turnId: s.context.turnId, callId: call.id, name: call.name, args, status: outcome.status, result: content, startedAt, durationMs };
    return { content, images, event };
  }

  /** A call whose arguments were not a JSON object: not run, shown as a failed call with what the model sent. */
  refuseArguments(call: ToolCall, raw: string): { content: string; event: ToolEventRow } {
    const s = this.setup;
    const args = scrubSecrets(raw);
    const content = scrubSecrets(invalidArgumentsResult(call.name, raw));
    const at = this.deps.now();
    const ids = { sessionKey: s.context.sessionKey, turnId: s.context.turnId, callId: call.id, name: call.name };
    this.deps.emit({ type: 'tool.started', ...ids, args, at });
    this.deps.emit({ type: 'tool.finished', ...ids, ok: false, status: 'error', errorCode: 'invalid_args', result: content, durationMs: 0 });
    return { content, event: { ...ids, args, status: 'error', result: content, startedAt: at, durationMs: 0 } };
  }

  #seenCallIds = new Set<string>();

  /** Some servers repeat call ids (`call_0` every time); a history needs each id once. */
  uniqueIds(calls: ToolCall[]): ToolCall[] {
    return calls.map((call) => {
      let id = call.id || 'call';
      for (let n = 2; this.#seenCallIds.has(id); n++) id = `${call.id || 'call'}_${n}`;
      this.#seenCallIds.add(id);
      return id === call.id ? call : { ...call, id };
    });
  }

  /** Text as it may be stored: secrets scrubbed, and redacted in a quiet turn. */
  storable(text: string): string {
    const clean = scrubSecrets(text);
    return this.setup.quiet ? this.setup.quiet.redact(clean) : clean;
  }

  /** Persists what was streamed before a cancel or error, so the user keeps seeing it. */
  savePartial(): void {
    const text = this.storable(this.streamed);
    if (!text.trim()) return;
    const reasoning = this.streamedReasoning.trim() ? { reasoning: this.storable(this.streamedReasoning) } : {};
    appendMessage(this.deps.db, this.message({ role: 'assistant', content: text, meta: { partial: true, ...reasoning } }));
  }

  async run(): Promise<TurnOutcome> {
    const s = this.setup;
    this.deps.emit({ type: 'turn.started', sessionKey: s.context.sessionKey, turnId: s.context.turnId, at: this.deps.now(), model: modelLabel(s.context.model) });
    if (!s.provider.ok) return this.finish('error', '', s.provider.error);
    const provider = s.provider.value;
    const input: ContextInput = { ...s.context, toolSpecs: s.toolSpecs() };
    let messages: ChatMessage[];
    try {
      messages = [...(await s.contextBuilder.build(input))];
    } catch (err) {
      const damaged = this.deps.damagedStore?.(err);
      return this.finish('error', '', { kind: 'context_failed', message: damaged ?? `Could not build the context for this turn: ${errorMessage(err)}` });
    }
    if (s.extraSystem) messages = appendToSystem(messages, s.extraSystem);
    if (!s.context.model.vision) messages = withoutImages(messages);

    while (this.iterations < s.maxIterations) {
      if (s.context.signal.aborted) return this.finish('cancelled', '');
      if (this.iterations > 0 && s.contextBuilder.fitTurn) messages = await s.contextBuilder.fitTurn(messages, input);
      const response = await this.callModel(provider, messages, input.toolSpecs.length > 0);
      if (!response.ok) return this.failed(response.error);
      // Stop pressed while the last chunk arrived: the user asked to stop, so nothing of it runs.
      if (s.context.signal.aborted) return this.failed(CANCELLED_ERROR);
      const { content, usage, reasoning } = response.value;
      const checked = this.uniqueIds(response.value.toolCalls).map(checkArguments);
      const toolCalls = checked.map((c) => c.call);
      if (!toolCalls.length) {
        const meta = this.assistantMeta(response.value);
        if (content && !s.quiet) appendMessage(this.deps.db, this.message({ role: 'assistant', content, usage, ...(meta ? { meta } : {}) }));
        if (content) return this.finish('completed', content);
        return this.finish('error', '', emptyAnswerReason(response.value.finishReason, this.caller(provider).model, Boolean(reasoning)));
      }
      const shownCalls = scrubToolCalls(toolCalls);
      messages.push({ role: 'assistant', content: content || null, toolCalls: shownCalls, ...(reasoning ? { reasoning } : {}) });
      // Stored before any call runs, and each result as it finishes: a crash (kill -9) mid-round keeps
      // what finished, and loadHistory answers the unfinished calls with an "interrupted" result.
      const meta = this.assistantMeta(response.value);
      appendMessage(this.deps.db, this.message({ role: 'assistant', content: this.storable(content) || null, toolCalls: shownCalls, usage, ...(meta ? { meta } : {}) }));
      const imageParts: ContentPart[] = [];
      let cancelled = false;
      for (const { call, invalidArguments } of checked) {
        let text: string;
        let event: ToolEventRow | undefined;
        if (cancelled || s.context.signal.aborted) {
          cancelled = true;
          text = CANCELLED_TOOL_RESULT;
        } else if (invalidArguments !== undefined) {
          ({ content: text, event } = this.refuseArguments(call, invalidArguments));
        } else {
          const ran = await this.runTool(call);
          text = ran.content;
          event = ran.event;
          if (ran.images.length && s.context.model.vision) {
            imageParts.push({ type: 'text', text: `Image(s) returned by ${call.name} (call ${call.id}):` });
            for (const img of ran.images) imageParts.push({ type: 'image_url', image_url: { url: `data:${img.mimeType};base64,${img.data}` } });
          } else if (ran.images.length) {
            text += `\n(${ran.images.length} image(s) returned; the current model cannot view images.)`;
          }
        }
        messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: text });
        appendToolResult(this.deps.db, this.message({ role: 'tool', content: text, toolCallId: call.id, name: call.name }), event);
      }
      if (cancelled || s.context.signal.aborted) return this.finish('cancelled', '');
      if (imageParts.length) messages.push({ role: 'user', content: imageParts });
    }

    // The limit: one last call without tools for a final answer.
    if (s.context.signal.aborted) return this.finish('cancelled', '');
    messages.push({ role: 'user', content: FINAL_ANSWER_NOTE });
    if (s.contextBuilder.fitTurn) messages = await s.contextBuilder.fitTurn(messages, input);
    const final = await this.callModel(provider, messages, false);
    if (!final.ok) return this.failed(final.error);
    if (s.context.signal.aborted) return this.failed(CANCELLED_ERROR);
    const text = final.value.content;
    const meta = this.assistantMeta(final.value, { maxIterations: true });
    if (text && !s.quiet) appendMessage(this.deps.db, this.message({ role: 'assistant', content: text, usage: final.value.usage, ...(meta ? { meta } : {}) }));
    return this.finish('max_iterations', text);
  }

  failed(error: ProviderError): TurnOutcome {
    this.savePartial();
    if (error.kind === 'cancelled' || this.setup.context.signal.aborted) return this.finish('cancelled', this.streamed);
    return this.finish('error', this.streamed, error);
  }
}

const CANCELLED_ERROR: ProviderError = { kind: 'cancelled', message: 'The request was cancelled.', transient: false };

/**
 * Runs one turn to its end. Emits turn.started, token, tool.started/finished, usage, provider.retry and
 * turn.finished; persists each assistant tool-call message before its calls run and each result as it
 * finishes, and the final answer at the end, unless the turn is quiet (the caller persisted the user
 * message first).
 */
export async function runAgentTurn(deps: AgentLoopDeps, setup: TurnSetup): Promise<TurnOutcome> {
  const run = new TurnRun(deps, setup);
  try {
    return await run.run();
  } catch (err) {
    // A bug or a database failure: still end the turn cleanly.
    const damaged = deps.damagedStore?.(err);
    return run.finish(setup.context.signal.aborted ? 'cancelled' : 'error', '', { kind: 'internal', message: damaged ?? `The turn failed unexpectedly: ${errorMessage(err)}` });
  }
}
