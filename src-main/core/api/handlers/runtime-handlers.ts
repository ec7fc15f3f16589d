// runtime:* handlers: the runtime panel calls the SAME policy object as the `my` tool (`core.runtime`,
// source 'ui'), so read-only, blocked and sensitive keys and allowSet:false refuse it the same way, audited.
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers, JsonValue, RuntimeEntry } from '../../../../src-preload/contract/schemas';
import type { RuntimeReading } from '../../runtime/runtime-policy';
import { OVERVIEW_KEYS } from '../../runtime/runtime-policy';
import { isReadOnlyName } from '../../runtime/key-screens';
import { getSession } from '../../store/sessions.repo';
import { systemSandbox } from '../../tools/os-sandbox/exec-sandbox';
import { ipcError, ipcFail, ipcOk } from '../ipc-values';
import { sessionUsageByModel, startOfLocalDay, usageByModel, usageOfDay } from '../../store/usage.repo';
import { costOf, usageWithCost } from '../../../../src-preload/contract/usage-cost';

type RuntimeHandlers = Pick<
  InvokeHandlers,
  'runtime:overview' | 'runtime:check' | 'runtime:set' | 'runtime:presets' | 'runtime:audit' | 'runtime:cancel-subagent'
>;

/** A reading's display text and value: the snapshot holds JSON values only (whitelisted, detached). */
function shown(reading: RuntimeReading): { display: string; value?: JsonValue } {
  return { display: reading.display, ...(reading.value !== undefined ? { value: reading.value as JsonValue } : {}) };
}

/** Today's tokens by every source, per model, and their cost when every model has a price. */
function todayWithCost(core: Core) {
  const byModel = usageByModel(core.db, startOfLocalDay(core.clock.now()));
  const cost = costOf(byModel, core.config().prices);
  return { ...usageOfDay(core.db, core.clock.now()), byModel, ...(cost !== undefined ? { cost } : {}) };
}

/** One session's tokens, all models summed, and their cost when priced. */
function sessionUsage(core: Core, sessionKey: string) {
  return usageWithCost(sessionUsageByModel(core.db, sessionKey), core.config().prices);
}

export function createRuntimeHandlers(core: Core): RuntimeHandlers {
  const ctx = (sessionKey?: string) => ({ source: 'ui' as const, ...(sessionKey ? { sessionKey } : {}) });

  return {
    async 'runtime:overview'(args) {
      const sessionKey = args?.sessionKey;
      const entries: RuntimeEntry[] = OVERVIEW_KEYS.filter((k) => k !== 'subagents').map((key) => {
        const checked = core.runtime.check(key, ctx(sessionKey));
        const access: RuntimeEntry['access'] = isReadOnlyName(key) || key.startsWith('_') ? 'read_only' : 'settable';
        if (!checked.ok) return { key, access, display: checked.error.message };
        return { key, access, ...shown(checked.value) };
      });
      return ipcOk({
        entries,
        allowSet: core.config().tools.my.allowSet,
        summary: core.runtime.overview(sessionKey),
        usageToday: todayWithCost(core),
        ...(sessionKey ? { sessionUsage: sessionUsage(core, sessionKey) } : {}),
        sandbox: await systemSandbox.state(core.config().tools.exec),
      });
    },

    async 'runtime:check'({ key, sessionKey }) {
      const checked = core.runtime.check(key, ctx(sessionKey));
      if (!checked.ok) return ipcError(checked.error);
      return ipcOk({ key, text: checked.value.text, ...shown(checked.value) });
    },

    async 'runtime:set'({ key, value, sessionKey }) {
      // The same call the `my` tool makes; the policy audits every attempt with source 'ui'.
      const set = core.runtime.set(key, value, ctx(sessionKey));
      if (!set.ok) return ipcError(set.error);
      return ipcOk({ key, text: set.value });
    },

    async 'runtime:presets'(args) {
      const list = core.runtime.presets(args?.sessionKey);
      const chosen = args?.sessionKey ? getSession(core.db, args.sessionKey)?.meta.model : undefined;
      return ipcOk({ active: list.active, presets: list.presets.map((p) => ({ ...p })), ...(chosen ? { chosen: { provider: chosen.provider, model: chosen.model } } : {}) });
    },

    async 'runtime:cancel-subagent'({ id }) {
      if (!core.subagents.get(id)) return ipcFail('not_found', `No subagent task '${id}'.`);
      return ipcOk({ cancelled: core.subagents.cancel(id) });
    },

    async 'runtime:audit'(args) {
      const entries = core.runtime.listAudit(args?.limit ?? 100).map((e) => ({
        id: e.id,
        at: e.at,
        sessionKey: e.sessionKey,
        source: e.source,
        key: e.key,
        outcome: e.outcome,
        detail: e.detail,
      }));
      return ipcOk({ entries });
    },
  };
}
