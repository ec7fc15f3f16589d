// runtime:* handlers: the runtime panel calls the SAME policy object as the `my` tool (`core.runtime`,
// source 'ui'), so read-only, blocked and sensitive keys and allowSet:false refuse it the same way, audited.
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers, JsonValue, RuntimeEntry } from '../../../../src-preload/contract/schemas';
import { OVERVIEW_KEYS } from '../../runtime/runtime-policy';
import { isReadOnlyName } from '../../runtime/key-screens';
import { systemSandbox } from '../../tools/os-sandbox/exec-sandbox';
import { guessCode, ipcFail, ipcOk } from '../ipc-values';
import { usageOfDay } from '../../store/usage.repo';

type RuntimeHandlers = Pick<
  InvokeHandlers,
  'runtime:overview' | 'runtime:check' | 'runtime:set' | 'runtime:presets' | 'runtime:audit' | 'runtime:cancel-subagent'
>;

/** `key: value` text from the policy → the value (JSON when it parses, else the text). */
function valueFromLine(key: string, text: string): { display: string; value: JsonValue } {
  const display = text.startsWith(`${key}: `) ? text.slice(key.length + 2) : text;
  try {
    return { display, value: JSON.parse(display) as JsonValue };
  } catch {
    return { display, value: display };
  }
}

/** Policy errors are values too; pick the IPC code from the policy's wording. */
function policyFailure(message: string) {
  return ipcFail(/is read-only|is protected|not accessible|disabled|allow_set|sensitive|blocked/i.test(message) ? 'forbidden' : guessCode(message), message);
}

export function createRuntimeHandlers(core: Core): RuntimeHandlers {
  const ctx = (sessionKey?: string) => ({ source: 'ui' as const, ...(sessionKey ? { sessionKey } : {}) });

  return {
    async 'runtime:overview'(args) {
      const sessionKey = args?.sessionKey;
      const entries: RuntimeEntry[] = OVERVIEW_KEYS.filter((k) => k !== 'subagents').map((key) => {
        const checked = core.runtime.check(key, ctx(sessionKey));
        const access: RuntimeEntry['access'] = isReadOnlyName(key) || key.startsWith('_') ? 'read_only' : 'settable';
        if (!checked.ok) return { key, access, display: checked.error };
        return { key, access, ...valueFromLine(key, checked.value) };
      });
      return ipcOk({
        entries,
        allowSet: core.config().tools.my.allowSet,
        summary: core.runtime.overview(sessionKey),
        usageToday: usageOfDay(core.db, core.clock.now()),
        sandbox: await systemSandbox.state(core.config().tools.exec),
      });
    },

    async 'runtime:check'({ key, sessionKey }) {
      const checked = core.runtime.check(key, ctx(sessionKey));
      if (!checked.ok) return policyFailure(checked.error);
      return ipcOk({ key, text: checked.value, value: valueFromLine(key, checked.value).value });
    },

    async 'runtime:set'({ key, value, sessionKey }) {
      // The same call the `my` tool makes; the policy audits every attempt with source 'ui'.
      const set = core.runtime.set(key, value, ctx(sessionKey));
      if (!set.ok) return policyFailure(set.error);
      return ipcOk({ key, text: set.value });
    },

    async 'runtime:presets'(args) {
      const list = core.runtime.presets(args?.sessionKey);
      return ipcOk({ active: list.active, presets: list.presets.map((p) => ({ ...p })) });
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
