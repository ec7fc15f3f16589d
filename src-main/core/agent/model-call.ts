// One model call of a turn, as the outside world sees it: answer tokens and reasoning streamed as separate events
// (secrets scrubbed from both), retries with their countdown, usage recorded for the model that answered, and
// failover to `agent.fallbackModels` when the turn's model fails after its retries.
import type { Database } from '../store/db';
import { insertUsage } from '../store/usage.repo';
import { scrubSecrets, secretStream } from '../lib/known-secrets';
import type { Result } from '../lib/result';
import type { ChatMessage } from '../model/chat-message';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { LlmProvider, LlmResponse, ProviderError, ProviderErrorKind, ToolSpec } from '../model/llm-provider';
import type { EffectiveModel } from '../model/model-presets';

/** A model a turn may use: its settings and its provider (or why there is none). */
export interface ModelCandidate {
  model: EffectiveModel;
  provider: Result<LlmProvider, ProviderError>;
}

export interface ModelCallDeps {
  db: Database;
  emit(event: CoreEvent): void;
  now(): number;
}

export interface ModelCallTurn {
  sessionKey: string;
  turnId: string;
  source: string;
  signal: AbortSignal;
  /** No token or reasoning events (the heartbeat's raw answer is not for the user's eyes). */
  quiet: boolean;
}

/** What one call produced besides its result: the text and reasoning the user saw stream. */
export interface ModelCallOutcome {
  result: Result<LlmResponse, ProviderError>;
  streamed: string;
  streamedReasoning: string;
}

/**
 * Failures another model may not have: overload, rate limits, outages, timeouts, a refused connection, and a
 * fallback whose provider is not configured (the turn's own model is checked before the turn starts).
 */
const FAILOVER_KINDS: ReadonlySet<ProviderErrorKind> = new Set(['rate_limit', 'server', 'timeout', 'network', 'interrupted', 'no_provider']);

/** A fallback name that is no preset: a candidate whose provider is missing, so the failover moves past it and says why. */
export function missingPresetCandidate(name: string, like: EffectiveModel): ModelCandidate {
  return {
    model: { ...like, presetName: name, model: name },
    provider: {
      ok: false,
      error: { kind: 'no_provider', transient: false, message: `agent.fallbackModels names '${name}', which is no preset in modelPresets.` },
    },
  };
}

/** How a model is named to people: `preset (model)`, or the model alone for the default preset. */
export function modelLabel(model: EffectiveModel): string {
  return model.presetName === 'default' || model.presetName === model.model ? model.model : `${model.presetName} (${model.model})`;
}

export class ModelCaller {
  #active = 0;

  constructor(
    private readonly deps: ModelCallDeps,
    private readonly turn: ModelCallTurn,
    private readonly candidates: ModelCandidate[],
  ) {}

  /** The model answering now (the first, until a failover). */
  get model(): EffectiveModel {
    return this.candidates[this.#active]!.model;
  }

  /** Set when a fallback model answers: who wrote the turn's messages from then on. */
  get answeredBy(): string | undefined {
    return this.#active > 0 ? modelLabel(this.model) : undefined;
  }

  /** Calls the active model; on a failure a fallback may cure, the next candidate takes over (for the rest of the turn). */
  async call(messages: ChatMessage[], tools: ToolSpec[]): Promise<ModelCallOutcome> {
    for (;;) {
      const candidate = this.candidates[this.#active]!;
      const outcome = await this.#callOne(candidate, messages, tools);
      const { result } = outcome;
      const next = this.candidates[this.#active + 1];
      const visible = outcome.streamed !== '' || outcome.streamedReasoning !== '';
      if (result.ok || !next || visible || this.turn.signal.aborted || !FAILOVER_KINDS.has(result.error.kind)) return outcome;
      this.deps.emit({
        type: 'provider.failover',
        sessionKey: this.turn.sessionKey,
        turnId: this.turn.turnId,
        from: modelLabel(candidate.model),
        to: modelLabel(next.model),
        reason: result.error.message,
      });
      this.#active++;
    }
  }

  async #callOne(candidate: ModelCandidate, messages: ChatMessage[], tools: ToolSpec[]): Promise<ModelCallOutcome> {
    const t = this.turn;
    const d = this.deps;
    if (!candidate.provider.ok) return { result: candidate.provider, streamed: '', streamedReasoning: '' };
    let streamed = '';
    let streamedReasoning = '';
    const text = secretStream();
    const thought = secretStream();
    const show = (piece: string): void => {
      if (piece && !t.quiet) d.emit({ type: 'token', sessionKey: t.sessionKey, turnId: t.turnId, text: piece });
    };
    const think = (piece: string): void => {
      if (piece && !t.quiet) d.emit({ type: 'reasoning', sessionKey: t.sessionKey, turnId: t.turnId, text: piece });
    };
    const result = await candidate.provider.value.chat(
      {
        model: candidate.model.model,
        messages,
        tools,
        maxTokens: candidate.model.maxTokens,
        temperature: candidate.model.temperature,
        signal: t.signal,
      },
      {
        onTextDelta: (piece) => {
          streamed += piece;
          show(text.push(piece));
        },
        onReasoningDelta: (piece) => {
          streamedReasoning += piece;
          think(thought.push(piece));
        },
        onRetry: (attempt, waitMs, error) =>
          d.emit({ type: 'provider.retry', sessionKey: t.sessionKey, turnId: t.turnId, attempt, waitMs, retryAt: d.now() + waitMs, message: error.message, errorKind: error.kind }),
        onNotice: (notice) => d.emit({ type: 'provider.notice', sessionKey: t.sessionKey, turnId: t.turnId, code: notice.code, message: notice.message }),
      },
    );
    think(thought.end());
    show(text.end());
    if (!result.ok) return { result, streamed, streamedReasoning };
    const usage = result.value.usage;
    const model = candidate.model.model;
    d.emit({ type: 'usage', sessionKey: t.sessionKey, turnId: t.turnId, usage, model });
    insertUsage(d.db, { at: d.now(), sessionKey: t.sessionKey, turnId: t.turnId, source: t.source, model, usage });
    // The model can only repeat a secret it was shown (by the user); stored and shown, it is scrubbed too.
    const reasoning = result.value.reasoning ? { ...result.value.reasoning, text: scrubSecrets(result.value.reasoning.text) } : undefined;
    const value: LlmResponse = { ...result.value, content: scrubSecrets(result.value.content), ...(reasoning ? { reasoning } : {}) };
    return { result: { ok: true, value }, streamed, streamedReasoning };
  }
}
