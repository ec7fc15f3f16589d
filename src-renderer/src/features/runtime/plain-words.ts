// What the `my` snapshot says, in plain words for the runtime panel: `web_config {"enable":true,…}` becomes
// "on · search with duckduckgo (5 results)". The key stays beside it, small: it is what the agent itself reads.
import { currentLocale, t } from '../../i18n/i18n';

type Json = unknown;

const record = (v: Json): Record<string, Json> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, Json>) : {});
const count = (v: Json): number => (Array.isArray(v) ? v.length : 0);
const num = (v: Json): string => (typeof v === 'number' ? v.toLocaleString(currentLocale()) : String(v ?? ''));

/** The keys the panel describes, in its order. */
export const PLAIN_KEYS = ['model', 'workspace', 'provider_retry_mode', 'max_tool_result_chars', '_current_iteration', 'web_config', 'exec_config'] as const;
export type PlainKey = (typeof PLAIN_KEYS)[number];

/** The label of a key, in words. */
export function plainLabel(key: PlainKey): string {
  return t(`runtime.plain.labels.${key}`);
}

function web(value: Json): string {
  const w = record(value);
  if (w.enable === false) return t('runtime.plain.off');
  const search = record(w.search);
  const parts: string[] = [t('runtime.plain.web.search', { provider: String(search.provider ?? ''), count: Number(search.max_results ?? 0) })];
  if (w.proxy) parts.push(t('runtime.plain.web.proxy'));
  if (count(w.allow_private_hosts)) parts.push(t('runtime.plain.web.privateHosts', { count: count(w.allow_private_hosts) }));
  return [t('runtime.plain.on'), ...parts].join(' · ');
}

function exec(value: Json): string {
  const e = record(value);
  if (e.enable === false) return t('runtime.plain.off');
  const parts: string[] = [t('runtime.plain.exec.timeout', { seconds: num(e.timeout) })];
  if (count(e.allow_patterns)) parts.push(t('runtime.plain.exec.allowOnly', { count: count(e.allow_patterns) }));
  if (count(e.deny_patterns)) parts.push(t('runtime.plain.exec.deny', { count: count(e.deny_patterns) }));
  if (count(e.allowed_env_keys)) parts.push(t('runtime.plain.exec.env', { count: count(e.allowed_env_keys) }));
  return [t('runtime.plain.on'), ...parts].join(' · ');
}

/** The value of `key`, in words ('—' when the policy gave none). */
export function plainValue(key: PlainKey, value: Json): string {
  if (value === undefined || value === null) return '—';
  switch (key) {
    case 'model':
    case 'workspace':
      return String(value);
    case 'provider_retry_mode':
      return value === 'persistent' ? t('runtime.plain.retry.persistent') : value === 'none' ? t('runtime.plain.retry.none') : t('runtime.plain.retry.standard');
    case 'max_tool_result_chars':
      return t('runtime.plain.characters', { n: num(value) });
    case '_current_iteration':
      return value === 0 ? t('runtime.plain.noTurn') : t('runtime.plain.step', { n: num(value) });
    case 'web_config':
      return web(value);
    case 'exec_config':
      return exec(value);
    default:
      return String(value);
  }
}
