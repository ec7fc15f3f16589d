// THE runtime policy: what the `my` tool, the runtime panel and the CLI may read or change at run time.
// Both `check` and `set` answer with values: the text is exactly what the model or the user sees, refusals carry a
// code (policy-error.ts) that decides the audit outcome, the tool's error code and the IPC error.
import type { Config } from '../../../src-preload/contract/config-schema';
import type { Database } from '../store/db';
import type { RuntimeOverrides } from '../config/runtime-overrides';
import { getSession, splitSessionKey } from '../store/sessions.repo';
import { applyModelPreset } from './model-preset-choice';
import { errResult, okResult, type Result } from '../lib/result';
import { recordAudit, type AuditOutcome, type AuditSource } from '../store/audit.repo';
import { auditOutcomeOf, policyError, type PolicyError, type PolicyErrorCode } from './policy-error';
import { isSecretKey } from '../lib/secret-names';
import {
  firstRefusedSegment, isBlockedName, isForbiddenSegment, isPrototypeLike, isReadOnlyName,
  notAccessible, splitKey,
} from './key-screens';
import { resolveKey } from './path-walk';
import {
  coerceRangedInt, INT_RANGES, validateModelName, validateRetryMode, validateToolResultChars, validateWorkspaceDisplay,
} from './restricted-values';
import { ScratchpadStore } from './scratchpad';
import { buildSnapshot, type RequestInfo } from './snapshot';
import { formatSubagents, subagentsDisplay, type SubagentStatus, type SubagentStatusSource } from './subagent-status';
import { formatValue, toJson } from './value-format';

/** Who asks, and for which session. The tool fills it from its ToolContext; the panel from its view. */
export interface RuntimeCallContext {
  sessionKey?: string;
  channel?: string;
  chatId?: string;
  senderId?: string;
  source: AuditSource;
  /** The caller's loop iteration, when it knows it (the tool does). */
  iteration?: number;
}

export interface RuntimePolicyDeps {
  db: Database;
  config(): Config;
  /** The instance-wide mutable overrides the loop and subagents read. */
  overrides: RuntimeOverrides;
  /** Real workspace path (never changed by the policy). */
  workspace(): string;
  toolNames(): string[];
  now(): number;
  scratchpads: ScratchpadStore;
  subagents(): SubagentStatusSource;
  activeIteration?(sessionKey: string): number | undefined;
  /** Called after an accepted set. */
  onChange?(change: { key: string; sessionKey?: string }): void;
}

/**
 * What `check` answers for a key: the text the `my` tool returns, the value part as printed (for the scratchpad
 * and subagents their whole listing), and the value itself when it is one (a detached, whitelisted copy).
 */
export interface RuntimeReading {
  text: string;
  display: string;
  value?: unknown;
}

type PolicyResult<T> = Result<T, PolicyError>;

export const SET_DISABLED_ERROR = 'Error: set is disabled (tools.my.allow_set is false)';
export const EMPTY_KEY_ERROR = "Error: 'key' cannot be empty or whitespace";
export const REQUEST_UNAVAILABLE_ERROR = 'Error: current request context is unavailable';
const VALUE_REQUIRED_ERROR = "Error: 'value' is required for set";

/** The overview's keys, in order; `_last_usage` and `scratchpad` follow when not empty. */
export const OVERVIEW_KEYS = [
  'max_iterations', 'context_window_tokens', 'model', 'model_preset', 'workspace', 'provider_retry_mode',
  'max_tool_result_chars', '_current_iteration', 'web_config', 'exec_config', 'subagents',
] as const;

const SESSION_GUARDED = new Set(['model', 'context_window_tokens']);
const INSTANCE_PAD = '';

function protectedError(key: string): string {
  return `Error: '${key}' is protected and cannot be modified`;
}
function readOnlyError(key: string): string {
  return `Error: '${key}' is read-only and cannot be modified`;
}
function sessionGuardError(key: string): string {
  return `Error: direct '${key}' changes are instance-wide and disabled during an active session; use a configured model_preset`;
}
function withoutErrorPrefix(text: string): string {
  return text.startsWith('Error: ') ? text.slice('Error: '.length) : text;
}

/** Reads and changes runtime state for one instance; every set attempt is audited. */
export class RuntimePolicy {
  readonly #deps: RuntimePolicyDeps;

  constructor(deps: RuntimePolicyDeps) {
    this.#deps = deps;
  }

  /** `check`: the overview for no key, else the key's reading or a refusal. Never audited. */
  check(key: string | undefined, ctx: RuntimeCallContext): PolicyResult<RuntimeReading> {
    const wanted = key?.trim() ?? '';
    if (!wanted) {
      const text = this.overview(ctx);
      return okResult({ text, display: text });
    }
    const segments = splitKey(wanted);
    const refused = firstRefusedSegment(segments);
    if (refused !== undefined) return errResult(policyError('blocked', notAccessible(refused)));
    const [first, ...rest] = segments;
    const snapshot = this.snapshot(ctx);
    if (first === 'request') {
      const request = snapshot.request as Record<string, unknown> | undefined;
      if (!request) return errResult(policyError('unavailable', REQUEST_UNAVAILABLE_ERROR));
      const field = rest[0];
      if (field !== undefined && !Object.prototype.hasOwnProperty.call(request, field)) {
        return errResult(policyError('not_found', `Error: 'request.${field}' not found`));
      }
    }
    if (first === 'subagents' && rest.length === 0) {
      const list = this.#subagents(ctx);
      return okResult({ text: formatSubagents(list), display: subagentsDisplay(list) });
    }
    if (first === 'scratchpad' && rest.length === 0) {
      const text = this.#formatPad(snapshot.scratchpad);
      return okResult({ text, display: text, value: snapshot.scratchpad });
    }
    // Pad keys not in the snapshot resolve through the snapshot's (scrubbed, detached) copy of the pad.
    const found = resolveKey([snapshot, snapshot.scratchpad as Record<string, unknown>], segments);
    if (!found.ok) return errResult(policyError('not_found', found.error));
    const display = formatValue(found.value);
    return okResult({ text: `${wanted}: ${display}`, display, ...(found.value !== undefined ? { value: found.value } : {}) });
  }

  /** The `check` overview: one `key: value` line per key in OVERVIEW_KEYS order (+ usage and pad). */
  overview(ctx: RuntimeCallContext): string {
    const snapshot = this.snapshot(ctx);
    const lines = OVERVIEW_KEYS.map((k) =>
      k === 'subagents' ? formatSubagents(this.#subagents(ctx)) : `${k}: ${formatValue(snapshot[k])}`,
    );
    if (snapshot._last_usage !== undefined) lines.push(`_last_usage: ${formatValue(snapshot._last_usage)}`);
    const pad = snapshot.scratchpad as Record<string, unknown>;
    if (Object.keys(pad).length > 0) lines.push(`scratchpad: ${formatValue(pad)}`);
    return lines.join('\n');
  }

  /** A fresh, detached snapshot for this caller (whitelist only; secrets never included). */
  snapshot(ctx: RuntimeCallContext): Record<string, unknown> {
    const d = this.#deps;
    const session = ctx.sessionKey ? getSession(d.db, ctx.sessionKey) : undefined;
    return buildSnapshot({
      config: d.config(),
      overrides: d.overrides,
      workspace: d.workspace(),
      toolNames: d.toolNames(),
      sessionPreset: session?.meta.modelPreset,
      sessionModel: session?.meta.model,
      lastUsage: session?.meta.lastUsage,
      currentIteration: this.#iteration(ctx),
      subagents: this.#subagents(ctx),
      scratchpad: d.scratchpads.entries(this.#padKey(ctx)),
      request: this.#request(ctx),
    });
  }

  /** `set`: applies the spec's checks in order; the answer and an audit row for every attempt. */
  set(key: string | undefined, value: unknown, ctx: RuntimeCallContext): PolicyResult<string> {
    const wanted = key?.trim() ?? '';
    if (!this.#deps.config().tools.my.allowSet) {
      return this.#refuse(ctx, wanted, 'disabled', `DISABLED ${wanted}`, SET_DISABLED_ERROR);
    }
    if (!wanted) return this.#refuse(ctx, wanted, 'invalid', 'empty key', EMPTY_KEY_ERROR);
    const segments = splitKey(wanted);
    const first = segments[0]!;
    if (isBlockedName(first) || isPrototypeLike(first) || isSecretKey(first)) {
      return this.#refuse(ctx, wanted, 'blocked', `BLOCKED ${first}`, protectedError(wanted));
    }
    if (isReadOnlyName(first) || first === 'scratchpad') {
      return this.#refuse(ctx, wanted, 'read_only', `READ_ONLY ${wanted}`, readOnlyError(wanted));
    }
    if (segments.length > 1) return this.#setDotted(wanted, segments, ctx);
    if (wanted === 'model_preset') return this.#setModelPreset(value, ctx);
    if (wanted in INT_RANGES || wanted === 'model') return this.#setRestricted(wanted, value, ctx);
    if (wanted === 'workspace' || wanted === 'provider_retry_mode' || wanted === 'max_tool_result_chars') {
      return this.#setTyped(wanted, value, ctx);
    }
    return this.#setScratchpad(wanted, value, ctx);
  }

  /**
   * The user's own choice of the session's (without one, the instance's) model preset: the chat's picker, `/model`
   * typed by the user. The user owns the app, so `allowSet` (what the agent may change about itself) does not
   * apply; the name is checked and the change audited as for `set`, marked as the user's choice.
   */
  chooseModelPreset(value: unknown, ctx: RuntimeCallContext): PolicyResult<string> {
    return this.#setModelPreset(value, ctx, " (the user's choice)");
  }

  /** The configured presets and the one the session (or the instance) uses. */
  presets(sessionKey?: string): { active: string; presets: { name: string; model: string; contextWindowTokens: number }[] } {
    const snapshot = this.snapshot({ sessionKey, source: 'ui' });
    const all = snapshot.model_presets as Record<string, { model: string; context_window_tokens: number }>;
    return {
      active: String(snapshot.model_preset),
      presets: Object.entries(all).map(([name, p]) => ({ name, model: p.model, contextWindowTokens: p.context_window_tokens })),
    };
  }

  // Step 4: a dotted key never changes anything; it only says why.
  #setDotted(key: string, segments: string[], ctx: RuntimeCallContext): PolicyResult<string> {
    const bad = segments.find((s) => isForbiddenSegment(s));
    if (bad !== undefined) return this.#refuse(ctx, key, 'blocked', `BLOCKED ${bad}`, notAccessible(bad));
    const snapshot = this.snapshot(ctx);
    const parent = resolveKey([snapshot, snapshot.scratchpad as Record<string, unknown>], segments.slice(0, -1));
    if (!parent.ok) return this.#reject(ctx, key, 'not_found', parent.error);
    return this.#refuse(ctx, key, 'read_only', `READ_ONLY ${key}`, readOnlyError(key));
  }

  // Step 5.
  #setModelPreset(value: unknown, ctx: RuntimeCallContext, whose = ''): PolicyResult<string> {
    const applied = applyModelPreset(this.#deps, value, ctx.sessionKey);
    if (!applied.ok) return this.#reject(ctx, 'model_preset', applied.error.code, applied.error.message);
    return this.#accept(ctx, 'model_preset', `${applied.value.detail}${whose}`, applied.value.text);
  }

  // Step 6: type, then range, then the session guard.
  #setRestricted(key: string, value: unknown, ctx: RuntimeCallContext): PolicyResult<string> {
    const range = INT_RANGES[key];
    const checked: Result<string | number, string> = range
      ? coerceRangedInt(key, value, range.min, range.max)
      : validateModelName(value);
    if (!checked.ok) return this.#reject(ctx, key, 'invalid', checked.error);
    if (ctx.sessionKey && SESSION_GUARDED.has(key)) {
      return this.#refuse(ctx, key, 'in_session', `SESSION_GUARD ${key}`, sessionGuardError(key));
    }
    const before = this.snapshot(ctx)[key];
    const o = this.#deps.overrides;
    if (key === 'max_iterations') o.maxIterations = checked.value as number;
    else {
      // A direct change goes to the `default` preset, which becomes the instance default again.
      if (key === 'model') o.model = checked.value as string;
      else o.contextWindowTokens = checked.value as number;
      o.defaultPreset = undefined;
    }
    return this.#accepted(ctx, key, before, checked.value);
  }

  // Step 7: the new value's type must match the current one.
  #setTyped(key: string, value: unknown, ctx: RuntimeCallContext): PolicyResult<string> {
    const before = this.snapshot(ctx)[key];
    const o = this.#deps.overrides;
    if (key === 'workspace') {
      const v = validateWorkspaceDisplay(before, value);
      if (!v.ok) return this.#reject(ctx, key, 'invalid', v.error);
      o.workspaceDisplay = v.value; // display only: the sandbox root (CoreBase.workspace()) is untouched
      return this.#accepted(ctx, key, before, v.value);
    }
    if (key === 'provider_retry_mode') {
      const v = validateRetryMode(before, value);
      if (!v.ok) return this.#reject(ctx, key, 'invalid', v.error);
      o.providerRetryMode = v.value;
      return this.#accepted(ctx, key, before, v.value);
    }
    const v = validateToolResultChars(before, value);
    if (!v.ok) return this.#reject(ctx, key, 'invalid', v.error);
    o.maxToolResultChars = v.value;
    return this.#accepted(ctx, key, before, v.value);
  }

  // Step 8: everything else is a note in the session's scratchpad. No value removes the key.
  #setScratchpad(key: string, value: unknown, ctx: RuntimeCallContext): PolicyResult<string> {
    const pads = this.#deps.scratchpads;
    const padKey = this.#padKey(ctx);
    const label = `scratchpad.${key}`;
    if (value === undefined) {
      if (!pads.has(padKey, key)) return this.#reject(ctx, key, 'invalid', VALUE_REQUIRED_ERROR);
      const previous = pads.entries(padKey)[key];
      pads.remove(padKey, key);
      return this.#accept(ctx, key, `${label}: ${toJson(previous)} -> (removed)`, `Removed ${label}`);
    }
    const written = pads.set(padKey, key, value);
    if (!written.ok) return this.#reject(ctx, key, 'invalid', written.error);
    const before = written.value.existed ? toJson(written.value.previous) : '(unset)';
    return this.#accept(ctx, key, `${label}: ${before} -> ${toJson(value)}`, `Set ${label} = ${formatValue(value)}`);
  }

  #accepted(ctx: RuntimeCallContext, key: string, before: unknown, after: unknown): PolicyResult<string> {
    const text = `Set ${key} = ${toJson(after)} (was ${toJson(before)})`;
    return this.#accept(ctx, key, `${key}: ${toJson(before)} -> ${toJson(after)}`, text);
  }

  #accept(ctx: RuntimeCallContext, key: string, detail: string, text: string): PolicyResult<string> {
    this.#audit(ctx, key, 'accepted', detail);
    this.#deps.onChange?.({ key, sessionKey: ctx.sessionKey });
    return okResult(text);
  }

  /** A refused set: audited with the outcome its code stands for, `detail` saying what was refused. */
  #refuse(ctx: RuntimeCallContext, key: string, code: PolicyErrorCode, detail: string, message: string): PolicyResult<string> {
    this.#audit(ctx, key, auditOutcomeOf(code), detail);
    return errResult(policyError(code, message));
  }

  /** A refused set whose detail is its own message (a bad value, a missing parent or preset). */
  #reject(ctx: RuntimeCallContext, key: string, code: PolicyErrorCode, message: string): PolicyResult<string> {
    return this.#refuse(ctx, key, code, withoutErrorPrefix(message), message);
  }

  #audit(ctx: RuntimeCallContext, key: string, outcome: AuditOutcome, detail: string): void {
    recordAudit(this.#deps.db, { at: this.#deps.now(), sessionKey: ctx.sessionKey ?? null, source: ctx.source, key, outcome, detail });
  }

  #formatPad(pad: unknown): string {
    const entries = Object.entries(pad as Record<string, unknown>);
    if (entries.length === 0) return 'scratchpad is empty';
    return [`scratchpad (${entries.length} keys):`, ...entries.map(([k, v]) => `  ${k}: ${formatValue(v)}`)].join('\n');
  }

  #padKey(ctx: RuntimeCallContext): string {
    return ctx.sessionKey ?? INSTANCE_PAD;
  }

  #iteration(ctx: RuntimeCallContext): number {
    if (ctx.iteration !== undefined) return ctx.iteration;
    return (ctx.sessionKey && this.#deps.activeIteration?.(ctx.sessionKey)) || 0;
  }

  #subagents(ctx: RuntimeCallContext): SubagentStatus[] {
    const all = this.#deps.subagents().list();
    return ctx.sessionKey ? all.filter((s) => !s.parentSessionKey || s.parentSessionKey === ctx.sessionKey) : all;
  }

  #request(ctx: RuntimeCallContext): RequestInfo | undefined {
    if (!ctx.sessionKey && !ctx.channel) return undefined;
    const fromKey = ctx.sessionKey ? splitSessionKey(ctx.sessionKey) : undefined;
    return {
      channel: ctx.channel ?? fromKey?.channel ?? 'desktop',
      chatId: ctx.chatId ?? fromKey?.chatId ?? 'default',
      senderId: ctx.senderId ?? null,
    };
  }
}
