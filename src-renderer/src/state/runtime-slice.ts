// Runtime slice: the `my` overview for the selected session (via the same policy as the tool), presets,
// set attempts with the policy's answers, the audit log and MCP server state.
import { t as translate } from '../i18n/i18n';
import type { ApprovalRequest, AuditEntry, CoreEvent, Preset, RuntimeEntry, UsageToday } from '@contract/schemas';
import type { NanotrayApi } from '@contract/api';
import type { JsonValue } from '@contract/common-schemas';
import type { IpcResult } from '@contract/schemas';
import { call } from './ipc-call';
import type { UsageCost } from './types';
import { debounce, type SliceCreator } from './store-types';

export interface PolicyMessage {
  id: number;
  key: string;
  ok: boolean;
  text: string;
  at: number;
}

export interface LastTurnUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  model: string;
}

export interface RuntimeSlice {
  runtimeEntries: RuntimeEntry[];
  runtimeAllowSet: boolean;
  runtimeSummary: string | null;
  runtimeError: string | null;
  runtimeLoaded: boolean;
  presets: Preset[];
  activePreset: string | null;
  /** The policy's answers to set attempts, newest first (errors shown as they come). */
  policyMessages: PolicyMessage[];
  auditEntries: AuditEntry[];
  /** Usage seen live per session (`usage` events of the last turn). */
  liveUsage: Record<string, LastTurnUsage>;
  /** The session the panel describes (defaults to the chat's active session). */
  runtimeSessionKey: string | null;
  /** `_last_usage`, `scratchpad` and `subagents` as the policy prints them. */
  runtimeDetails: { lastUsage: string | null; scratchpad: string | null; subagents: string | null };
  setRuntimeSession(sessionKey: string | null): void;
  /** Tokens used today by every source (chat, heartbeat, cron, subagents). */
  /** Today's tokens, and per model when the core says (most first). */
  runtimeUsageToday: UsageToday | null;
  /** The shown session's tokens (all its turns) and, when priced, their cost. */
  runtimeSessionUsage: UsageCost | null;
  /** Whether exec runs inside the OS sandbox (null until the overview has loaded). */
  runtimeSandbox: NonNullable<ApprovalRequest['sandbox']> | null;
  cancelSubagent(id: string): Promise<void>;
  loadRuntime(): Promise<void>;
  setRuntimeValue(key: string, value: JsonValue): Promise<boolean>;
  /** The user picks the shown chat's model preset (their own choice: always allowed, unlike `setRuntimeValue`). */
  switchPreset(name: string): Promise<boolean>;
  loadAudit(): Promise<void>;
  dismissPolicyMessage(id: number): void;
  applyRuntimeEvent(event: CoreEvent): void;
}

/** The session the runtime panel describes (none = instance-wide). */
function panelSession(sessionKey: string | null | undefined): { sessionKey?: string } {
  return sessionKey ? { sessionKey } : {};
}

/** What the policy prints for a checked key ('' becomes null). */
function shownValue(res: { ok: true; value: { display: string } } | { ok: false }): string | null {
  return res.ok && res.value.display.trim() ? res.value.display : null;
}

export const createRuntimeSlice: SliceCreator<RuntimeSlice> = (set, get, deps) => {
  const { api } = deps;
  let messageSeq = 0;
  const refresh = debounce(() => {
    if (get().view === 'runtime') void get().loadRuntime();
  }, deps.refreshDelayMs);

  function addMessage(key: string, ok: boolean, text: string): void {
    const message: PolicyMessage = { id: ++messageSeq, key, ok, text, at: deps.now() };
    set((s) => ({ policyMessages: [message, ...s.policyMessages].slice(0, 8) }));
  }

  return {
    runtimeEntries: [],
    runtimeAllowSet: false,
    runtimeSummary: null,
    runtimeError: null,
    runtimeLoaded: false,
    presets: [],
    activePreset: null,
    policyMessages: [],
    auditEntries: [],
    liveUsage: {},
    runtimeSessionKey: null,
    runtimeDetails: { lastUsage: null, scratchpad: null, subagents: null },
    runtimeUsageToday: null,
    runtimeSessionUsage: null,
    runtimeSandbox: null,

    async cancelSubagent(id) {
      const res = await call(api.runtime.cancelSubagent({ id }));
      if (!res.ok) get().pushToast({ title: translate('runtime.toast.cancelFailed'), body: res.message, tone: 'error' });
      void get().loadRuntime();
    },

    setRuntimeSession(sessionKey) {
      set({ runtimeSessionKey: sessionKey });
      void get().loadRuntime();
    },

    async loadRuntime() {
      const session = panelSession(get().runtimeSessionKey ?? get().activeSessionKey);
      const [overview, presets, usage, pad, subagents] = await Promise.all([
        call(api.runtime.overview(session)),
        call(api.runtime.presets(session)),
        call(api.runtime.check({ key: '_last_usage', ...session })),
        call(api.runtime.check({ key: 'scratchpad', ...session })),
        call(api.runtime.check({ key: 'subagents', ...session })),
      ]);
      set({
        runtimeDetails: {
          lastUsage: shownValue(usage),
          scratchpad: shownValue(pad),
          subagents: shownValue(subagents),
        },
      });
      if (!overview.ok) {
        set({ runtimeError: overview.message, runtimeLoaded: true });
      } else {
        set({
          runtimeEntries: overview.value.entries,
          runtimeAllowSet: overview.value.allowSet,
          runtimeSummary: overview.value.summary ?? null,
          runtimeUsageToday: overview.value.usageToday ?? null,
          runtimeSessionUsage: overview.value.sessionUsage ?? null,
          runtimeSandbox: overview.value.sandbox ?? null,
          runtimeError: null,
          runtimeLoaded: true,
        });
      }
      if (presets.ok) set({ presets: presets.value.presets, activePreset: presets.value.active });
      void get().loadAudit();
    },

    async setRuntimeValue(key, value) {
      const res = await call(api.runtime.set({ key, value, ...panelSession(get().runtimeSessionKey ?? get().activeSessionKey) }));
      if (!res.ok) {
        addMessage(key, false, res.message);
        void get().loadAudit();
        return false;
      }
      addMessage(key, true, res.value.text);
      await get().loadRuntime();
      return true;
    },

    async switchPreset(name) {
      // The user's own choice, not a change the agent makes to itself: not behind tools.my.allowSet.
      const sessionKey = get().runtimeSessionKey ?? get().activeSessionKey;
      const text = await get().chooseModelPreset(sessionKey, name);
      if (text === null) return false;
      addMessage('model_preset', true, text);
      await get().loadRuntime();
      void get().loadAudit();
      return true;
    },

    async loadAudit() {
      const res = await call(api.runtime.audit({ limit: 50 }));
      if (res.ok) set({ auditEntries: res.value.entries });
    },

    dismissPolicyMessage(id) {
      set((s) => ({ policyMessages: s.policyMessages.filter((m) => m.id !== id) }));
    },

    applyRuntimeEvent(event) {
      switch (event.type) {
        case 'usage':
          set((s) => ({ liveUsage: { ...s.liveUsage, [event.sessionKey]: { ...event.usage, model: event.model } } }));
          break;
        case 'turn.started':
        case 'tool.finished':
        case 'turn.finished':
        case 'subagents.changed':
        case 'config.changed':
          if (event.type === 'config.changed' || event.sessionKey === (get().runtimeSessionKey ?? get().activeSessionKey)) refresh();
          break;
        default:
          break;
      }
    },
  };
};
