// Reads config.json the forgiving way: snake_case keys become camelCase, legacy keys move to their new home.

/** Maps whose keys are user-chosen names (kept as written); their values are still normalized. */
const NAMED_MAPS = new Set(['providers', 'modelPresets', 'mcpServers']);
/** Maps whose keys and values are opaque strings (env vars, HTTP headers). */
const OPAQUE_MAPS = new Set(['env', 'headers']);

export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Converts keys recursively; when both `max_iterations` and `maxIterations` exist, the camelCase one wins. */
export function normalizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeKeys);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  const camelFirst = Object.entries(value).sort(([a], [b]) => Number(a.includes('_')) - Number(b.includes('_')));
  for (const [rawKey, child] of camelFirst) {
    const key = snakeToCamel(rawKey);
    if (key in out) continue;
    if (OPAQUE_MAPS.has(key)) out[key] = child;
    else if (NAMED_MAPS.has(key) && isPlainObject(child)) {
      out[key] = Object.fromEntries(Object.entries(child).map(([name, v]) => [name, normalizeKeys(v)]));
    } else out[key] = normalizeKeys(child);
  }
  return out;
}

/**
 * Moves legacy flat keys `tools.myEnabled` / `tools.mySet` to `tools.my.enable` / `tools.my.allowSet`.
 * The new keys win. Returns the legacy key names that were found (so `onboard` can rewrite the file).
 */
export function migrateLegacyKeys(config: Record<string, unknown>): string[] {
  const tools = config.tools;
  if (!isPlainObject(tools)) return [];
  const found: string[] = [];
  const my = isPlainObject(tools.my) ? { ...tools.my } : {};
  if ('myEnabled' in tools) {
    found.push('tools.myEnabled');
    if (!('enable' in my)) my.enable = tools.myEnabled;
    delete tools.myEnabled;
  }
  if ('mySet' in tools) {
    found.push('tools.mySet');
    if (!('allowSet' in my)) my.allowSet = tools.mySet;
    delete tools.mySet;
  }
  if (found.length) tools.my = my;
  return found;
}
