// Config → what the settings page may see (every secret masked), and a UI patch → raw config changes
// with write-only secrets ('' or the masked value = unchanged, null = removed).
import type { Config } from '../../../../src-preload/contract/config-schema';
import { maskSecret } from '../../lib/redact';
import { isSecretName } from '../../config/config-secrets';
import { maskArgs, maskUrlSecrets, unmaskArgs, unmaskUrlSecrets } from '../../config/secret-parts';
import { isLockedSecret } from '../../config/locked-secrets';
import type { SettingsPatch, SettingsView } from '../../../../src-preload/contract/schemas';

export { isSecretName };

/** An OAuth block with its client secret and private key masked. */
function maskOAuth(oauth: NonNullable<Config['mcpServers'][string]['oauth']>): NonNullable<Config['mcpServers'][string]['oauth']> {
  const out = { ...oauth };
  if (oauth.clientSecret) out.clientSecret = maskSecret(oauth.clientSecret);
  if (oauth.privateKey) out.privateKey = maskSecret(oauth.privateKey);
  return out;
}

function maskMap(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, isSecretName(k) ? maskSecret(v) : v]));
}

/** `http://user:pass@host` → `http://user:••••@host`. */
export function maskUrlCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@/\s]*@/i, '$1:••••@');
}

export function toSettingsView(config: Config): SettingsView {
  return {
    providers: Object.fromEntries(
      Object.entries(config.providers).map(([name, p]) => [
        name,
        {
          apiKey: isLockedSecret(p.apiKey) ? '' : maskSecret(p.apiKey),
          hasApiKey: Boolean(p.apiKey),
          ...(isLockedSecret(p.apiKey) ? { keyNeedsReentry: true } : {}),
          ...(p.baseUrl ? { baseUrl: maskUrlSecrets(p.baseUrl) } : {}),
          headers: maskMap(p.headers),
        },
      ]),
    ),
    agent: { ...config.agent },
    modelPresets: structuredClone(config.modelPresets),
    prices: structuredClone(config.prices),
    tools: {
      ...structuredClone(config.tools),
      web: {
        ...structuredClone(config.tools.web),
        proxy: config.tools.web.proxy === null ? null : maskUrlCredentials(config.tools.web.proxy),
        search: { ...config.tools.web.search, apiKey: maskSecret(config.tools.web.search.apiKey) },
      },
    },
    heartbeat: structuredClone(config.heartbeat),
    mcpServers: Object.fromEntries(
      Object.entries(config.mcpServers).map(([name, s]) => [
        name,
        {
          ...structuredClone(s),
          env: maskMap(s.env),
          headers: maskMap(s.headers),
          args: maskArgs(s.args),
          ...(s.url ? { url: maskUrlSecrets(s.url) } : {}),
          ...(s.oauth ? { oauth: maskOAuth(s.oauth) } : {}),
        },
      ]),
    ),
    ui: { ...config.ui },
  };
}

type Raw = Record<string, unknown>;

function obj(parent: Raw, key: string): Raw {
  const v = parent[key];
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Raw;
  const created: Raw = {};
  parent[key] = created;
  return created;
}

/** True when the UI sent back "no change" for a secret: empty, or a mask shape (`abc…wxyz`, `••••`). */
export function isUnchangedSecret(sent: string, currentPlain: string): boolean {
  return sent === '' || sent === maskSecret(currentPlain) || sent.includes('••••') || /^.{0,4}….{0,4}$/.test(sent);
}

/** True when `sent` is a newly typed secret (not empty, not a mask sent back). */
function isNewSecret(sent: string | null | undefined, currentPlain: string): sent is string {
  return typeof sent === 'string' && !isUnchangedSecret(sent, currentPlain);
}

/** Applies the secret rules to one field: keep, remove, or store the encoded new value. */
function applySecret(target: Raw, key: string, sent: string | null | undefined, currentPlain: string, encode: (s: string) => string): void {
  if (sent === undefined) return;
  if (sent === null) delete target[key];
  else if (isNewSecret(sent, currentPlain)) target[key] = encode(sent);
}

/**
 * Header/env maps: the new map replaces the old one, but masked secret values keep their stored value —
 * unless `moved` (the server's host changed): a stored secret never follows to a host it was not entered for.
 */
function applyMap(target: Raw, key: string, sent: Record<string, string> | undefined, currentPlain: Record<string, string>, storedRaw: unknown, moved = false): void {
  if (sent === undefined) return;
  const stored = (storedRaw && typeof storedRaw === 'object' ? storedRaw : {}) as Record<string, unknown>;
  const next: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(sent)) {
    const masked = isSecretName(k) && isUnchangedSecret(v, currentPlain[k] ?? '');
    if (!masked) next[k] = v;
    else if (k in stored && !moved) next[k] = stored[k];
  }
  target[key] = next;
}

/** Removes the secret-named entries of a stored header map (their values belong to the old host). */
function dropSecretValues(target: Raw, key: string): void {
  const map = target[key];
  if (!map || typeof map !== 'object') return;
  target[key] = Object.fromEntries(Object.entries(map as Raw).filter(([k]) => !isSecretName(k)));
}

/** scheme://host:port of a URL (lower-cased), or the text itself when it is not a URL. */
function originOf(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return url.trim();
  }
}

/** Where a provider's key is sent: its baseUrl, or OpenAI's for the `openai` provider without one. */
function providerOrigin(name: string, baseUrl: string | undefined): string {
  return originOf(baseUrl ?? (name === 'openai' ? 'https://api.openai.com/v1' : undefined));
}

/** A proxy URL sent back with its masked password: kept as stored on the same proxy, dropped on a new one. */
function unmaskProxy(sent: string, stored: string | null): string {
  if (stored && originOf(sent) === originOf(stored)) return stored;
  try {
    const url = new URL(sent);
    url.password = '';
    url.username = '';
    return url.toString();
  } catch {
    return sent.replace('••••', '');
  }
}

function mergeSection(target: Raw, patch: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (v === null) delete target[k];
    else if (typeof v === 'object' && !Array.isArray(v)) mergeSection(obj(target, k), v as Record<string, unknown>);
    else target[k] = v;
  }
}

/** Mutates the raw config.json object according to the patch (validation happens afterwards, in the core). */
export function applySettingsPatch(raw: Raw, patch: SettingsPatch, current: Config, encode: (plain: string) => string): void {
  if (patch.providers) {
    const providers = obj(raw, 'providers');
    for (const [name, p] of Object.entries(patch.providers)) {
      if (p === null) {
        delete providers[name];
        continue;
      }
      const target = obj(providers, name);
      const plain = current.providers[name];
      applySecret(target, 'apiKey', p.apiKey, plain?.apiKey ?? '', encode);
      const moved = p.baseUrl !== undefined && providerOrigin(name, p.baseUrl ?? undefined) !== providerOrigin(name, plain?.baseUrl);
      if (p.baseUrl === null) delete target.baseUrl;
      // a password or ?api-key= the form shows masked comes back as the stored one (same origin), else goes
      else if (p.baseUrl !== undefined) target.baseUrl = unmaskUrlSecrets(p.baseUrl, plain?.baseUrl);
      // A new host without a newly entered key: the stored key stays behind (it was entered for the old host).
      if (moved && !isNewSecret(p.apiKey, plain?.apiKey ?? '')) delete target.apiKey;
      applyMap(target, 'headers', p.headers, plain?.headers ?? {}, target.headers, moved);
      if (moved && p.headers === undefined) dropSecretValues(target, 'headers');
    }
  }
  if (patch.agent) mergeSection(obj(raw, 'agent'), patch.agent);
  if (patch.modelPresets) {
    const presets = obj(raw, 'modelPresets');
    for (const [name, p] of Object.entries(patch.modelPresets)) {
      if (p === null) delete presets[name];
      else presets[name] = structuredClone(p);
    }
  }
  if (patch.tools) {
    const { web, ...rest } = patch.tools;
    const tools = obj(raw, 'tools');
    mergeSection(tools, rest);
    if (web) {
      const { search, ...webRest } = web;
      const webRaw = obj(tools, 'web');
      mergeSection(webRaw, webRest);
      if (webRest.proxy && webRest.proxy.includes('••••')) webRaw.proxy = unmaskProxy(webRest.proxy, current.tools.web.proxy);
      if (search) {
        const { apiKey, ...searchRest } = search;
        const searchRaw = obj(webRaw, 'search');
        mergeSection(searchRaw, searchRest);
        applySecret(searchRaw, 'apiKey', apiKey, current.tools.web.search.apiKey, encode);
      }
    }
  }
  if (patch.heartbeat) mergeSection(obj(raw, 'heartbeat'), patch.heartbeat);
  if (patch.mcpServers) {
    const servers = obj(raw, 'mcpServers');
    for (const [name, s] of Object.entries(patch.mcpServers)) {
      if (s === null) {
        delete servers[name];
        continue;
      }
      const before = (servers[name] && typeof servers[name] === 'object' ? servers[name] : {}) as Raw;
      const plain = current.mcpServers[name];
      const { env, headers, ...rest } = s;
      const next: Raw = structuredClone(rest);
      if (typeof next.url === 'string') next.url = unmaskUrlSecrets(next.url, plain?.url);
      if (Array.isArray(next.args)) next.args = unmaskArgs(next.args as string[], plain?.args);
      const moved = typeof next.url === 'string' && originOf(next.url) !== originOf(plain?.url);
      if (env !== undefined) applyMap(next, 'env', env, plain?.env ?? {}, before.env);
      if (headers !== undefined) applyMap(next, 'headers', headers, plain?.headers ?? {}, before.headers, moved);
      // The OAuth block (with its secrets) is edited in config.json only: an edit from the window keeps it.
      if (before.oauth !== undefined) next.oauth = before.oauth;
      servers[name] = next;
    }
  }
  if (patch.ui) mergeSection(obj(raw, 'ui'), patch.ui);
}
