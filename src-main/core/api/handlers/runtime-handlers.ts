// runtime:* handlers: the runtime panel calls the SAME policy object as the `my` tool (source 'ui').
import type { CoreBase } from '../../nanotray-core';
import type { InvokeHandlers, RuntimeEntry } from '../../../../src-preload/contract/schemas';
import { effectiveModel, listPresets } from '../../agent/model-presets';
import { getSession } from '../../store/sessions.repo';
import { listAudit } from '../../runtime/audit.repo';
import { hasMethod, serviceOf } from '../core-services';
import { guessCode, ipcFail, ipcOk, unavailable } from '../ipc-values';
import { normalizeCall, textOf, toJsonValue } from './result-shapes';

type RuntimeHandlers = Pick<
  InvokeHandlers,
  'runtime:overview' | 'runtime:check' | 'runtime:set' | 'runtime:presets' | 'runtime:audit'
>;

const NOT_READY = 'The runtime policy';
const ACCESS = new Set<RuntimeEntry['access']>(['settable', 'read_only', 'blocked', 'sensitive']);

function toEntries(value: unknown): RuntimeEntry[] {
  const list = value && typeof value === 'object' && Array.isArray((value as { entries?: unknown }).entries)
    ? ((value as { entries: unknown[] }).entries)
    : undefined;
  if (list) {
    return list.flatMap((e) => {
      if (!e || typeof e !== 'object') return [];
      const r = e as { key?: unknown; value?: unknown; access?: unknown; description?: unknown; writable?: unknown };
      if (typeof r.key !== 'string') return [];
      const access = typeof r.access === 'string' && ACCESS.has(r.access as RuntimeEntry['access'])
        ? (r.access as RuntimeEntry['access'])
        : r.writable === true ? 'settable' : 'read_only';
      const v = toJsonValue(r.value);
      return [{ key: r.key, access, ...(v !== undefined ? { value: v } : {}), ...(typeof r.description === 'string' ? { description: r.description } : {}) }];
    });
  }
  return [];
}

export function createRuntimeHandlers(core: CoreBase): RuntimeHandlers {
  const runtime = (): unknown => serviceOf<unknown>(core, 'runtime');

  return {
    async 'runtime:overview'(args) {
      const r = runtime();
      if (!hasMethod(r, 'overview')) return unavailable(NOT_READY);
      const out = await normalizeCall(() => (r.overview as (o: unknown) => unknown)({ sessionKey: args?.sessionKey }));
      if (!out.ok) return ipcFail(guessCode(out.error), out.error);
      const v = out.value as { allowSet?: unknown; summary?: unknown; text?: unknown } | undefined;
      const summary = typeof v?.summary === 'string' ? v.summary : typeof v?.text === 'string' ? v.text : typeof out.value === 'string' ? out.value : undefined;
      return ipcOk({
        entries: toEntries(out.value),
        allowSet: typeof v?.allowSet === 'boolean' ? v.allowSet : core.config().tools.my.allowSet,
        ...(summary !== undefined ? { summary } : {}),
      });
    },

    async 'runtime:check'({ key, sessionKey }) {
      const r = runtime();
      if (!hasMethod(r, 'check')) return unavailable(NOT_READY);
      const out = await normalizeCall(() => (r.check as (k: string, o: unknown) => unknown)(key, { source: 'ui', sessionKey }));
      if (!out.ok) return ipcFail(guessCode(out.error), out.error);
      const value = toJsonValue((out.value as { value?: unknown } | undefined)?.value);
      return ipcOk({ key, text: textOf(out.value), ...(value !== undefined ? { value } : {}) });
    },

    async 'runtime:set'({ key, value, sessionKey }) {
      const r = runtime();
      if (!hasMethod(r, 'set')) return unavailable(NOT_READY);
      // Same entry point and options as the `my` tool, with source 'ui' so the audit log says who did it.
      const out = await normalizeCall(() => (r.set as (k: string, v: unknown, o: unknown) => unknown)(key, value, { source: 'ui', sessionKey }));
      if (!out.ok) return ipcFail(guessCode(out.error), out.error);
      const after = toJsonValue((out.value as { value?: unknown } | undefined)?.value);
      return ipcOk({ key, text: textOf(out.value), ...(after !== undefined ? { value: after } : {}) });
    },

    async 'runtime:presets'(args) {
      const config = core.config();
      const presets = listPresets(config, core.overrides);
      const sessionPreset = args?.sessionKey ? getSession(core.db, args.sessionKey)?.meta.modelPreset : undefined;
      const active = effectiveModel(config, core.overrides, sessionPreset).presetName;
      return ipcOk({
        active,
        presets: Object.entries(presets)
          .sort(([a], [b]) => (a === 'default' ? -1 : b === 'default' ? 1 : a.localeCompare(b)))
          .map(([name, p]) => ({ name, ...p })),
      });
    },

    async 'runtime:audit'(args) {
      const entries = listAudit(core.db, args?.limit ?? 100).map((e) => ({
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
