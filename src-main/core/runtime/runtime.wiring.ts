// Builds the runtime policy for the composition root (`core.runtime`) and keeps the `my` tool registered while enabled.
import type { CoreBase } from '../base/core-base';
import { Emitter } from '../lib/emitter';
import type { Result } from '../lib/result';
import { listAudit, type AuditRow } from '../store/audit.repo';
import { createMyTool, MY_TOOL_NAME } from './my.tool';
import type { PolicyError } from './policy-error';
import { RuntimePolicy, type RuntimeCallContext, type RuntimeReading } from './runtime-policy';
import { ScratchpadStore } from './scratchpad';
import type { ToolRegistry } from '../tools/tool-registry';
import type { SubagentStatusSource } from './subagent-status';

export interface PresetList {
  /** The preset the session (or, without one, the instance) uses. */
  active: string;
  presets: { name: string; model: string; contextWindowTokens: number }[];
}

export interface RuntimeChange {
  key: string;
  sessionKey?: string;
}

/** `core.runtime`: the one policy the `my` tool, the runtime panel's IPC and the CLI all call. */
export interface RuntimeApi {
  /** `check` with results as values; the reading's text is what the model/user sees. */
  check(key: string | undefined, ctx: RuntimeCallContext): Result<RuntimeReading, PolicyError>;
  /** `set` with results as values (the text of the change, or a refusal); every attempt is audited. */
  set(key: string | undefined, value: unknown, ctx: RuntimeCallContext): Result<string, PolicyError>;
  /**
   * The user's own choice of a session's model preset (the chat's picker, `/model`): always allowed, whatever
   * `tools.my.allowSet` says, because that governs only what the agent changes about itself. Audited.
   */
  choosePreset(name: string, ctx: RuntimeCallContext): Result<string, PolicyError>;
  /** The same overview as `my` check with no key. */
  overview(sessionKey?: string): string;
  /** Newest audit rows first. */
  listAudit(limit?: number): AuditRow[];
  presets(sessionKey?: string): PresetList;
  /** Called after every accepted set (the runtime panel refreshes on it). */
  onChange(listener: (change: RuntimeChange) => void): () => void;
}

export interface RuntimeDeps {
  /** Where the `my` tool is registered; its names are what `my check tools` shows. */
  tools: ToolRegistry;
  /** The session's running turn (the session runner), for `_current_iteration`. */
  activeTurn(sessionKey: string): { iteration: number } | undefined;
  /** The subagent tasks (the subagent manager), for `my check subagents`. */
  subagents: SubagentStatusSource;
}

/** Creates the policy and keeps the `my` tool registered exactly while `tools.my.enable` is on. */
export function wireRuntime(base: CoreBase, deps: RuntimeDeps): RuntimeApi {
  const scratchpads = new ScratchpadStore();
  const changes = new Emitter<RuntimeChange>();
  const policy = new RuntimePolicy({
    db: base.db,
    config: () => base.config(),
    overrides: base.overrides,
    workspace: () => base.workspace(),
    toolNames: () => deps.tools.names(),
    now: () => base.clock.now(),
    scratchpads,
    subagents: () => deps.subagents,
    activeIteration: (sessionKey) => deps.activeTurn(sessionKey)?.iteration,
    onChange: (change) => {
      changes.emit(change);
      if (change.sessionKey && change.key === 'model_preset') {
        base.events.emit({ type: 'session.changed', sessionKey: change.sessionKey, change: 'updated' });
      }
    },
  });

  const tool = createMyTool(policy, () => base.config());
  let unregister: (() => void) | undefined;
  const syncRegistration = (): void => {
    const wanted = base.config().tools.my.enable;
    if (wanted && !unregister) {
      // Another feature may own the name already (never expected); keep the first registration.
      if (!deps.tools.get(MY_TOOL_NAME)) unregister = deps.tools.register(tool);
    } else if (!wanted && unregister) {
      unregister();
      unregister = undefined;
    }
  };
  syncRegistration();
  const stopListening = base.events.on((event) => {
    if (event.type === 'config.changed') syncRegistration();
    if (event.type === 'session.changed' && event.change === 'deleted') scratchpads.clear(event.sessionKey);
  });
  base.onDispose(() => {
    stopListening();
    unregister?.();
  });

  return {
    check: (key, ctx) => policy.check(key, ctx),
    set: (key, value, ctx) => policy.set(key, value, ctx),
    choosePreset: (name, ctx) => policy.chooseModelPreset(name, ctx),
    overview: (sessionKey) => policy.overview({ sessionKey, source: 'cli' }),
    listAudit: (limit) => listAudit(base.db, limit),
    presets: (sessionKey) => policy.presets(sessionKey),
    onChange: (listener) => changes.on(listener),
  };
}
