// Every secret a config holds: provider keys and header values, the web search key, proxy credentials,
// and the env values, every header value, URL credentials, command-line secrets (`--token …`) and OAuth client
// secrets/keys of MCP servers.
import type { Config } from '../../../src-preload/contract/config-schema';
import { isSecretName, looksLikeToken } from '../lib/secret-names';
import { argSecrets, urlSecrets } from './secret-parts';

export { isSecretName };

/** `Bearer abc` → `abc`; `Basic dXNlcjpwYXNz` → the base64 and `user:pass`, `pass`. */
function credentialParts(value: string): string[] {
  const m = /^\s*(bearer|basic|token|apikey)\s+(\S+)\s*$/i.exec(value);
  if (!m) return [];
  const credential = m[2]!;
  if (m[1]!.toLowerCase() !== 'basic') return [credential];
  const decoded = Buffer.from(credential, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? [credential, decoded, decoded.slice(colon + 1)] : [credential];
}

/**
 * Header and env values named like a secret (`Authorization`, `GITHUB_TOKEN`) or shaped like one, and the
 * credential inside them; `Content-Type: application/json` or `ROOT=/home/me` stay readable.
 */
function mapSecrets(map: Record<string, string>): string[] {
  return Object.entries(map).flatMap(([k, v]) => (isSecretName(k) || looksLikeToken(v) ? [v, ...credentialParts(v)] : []));
}

/**
 * The values in `config` that must never reach the model, a log or a tool child. Short values
 * (< 6 characters) are dropped later by the scrubber.
 */
export function configSecrets(config: Config): string[] {
  const out: string[] = [];
  for (const p of Object.values(config.providers)) out.push(p.apiKey, ...mapSecrets(p.headers), ...urlSecrets(p.baseUrl));
  out.push(config.tools.web.search.apiKey, ...urlSecrets(config.tools.web.search.baseUrl), ...urlSecrets(config.tools.web.proxy));
  for (const s of Object.values(config.mcpServers)) {
    // every header value of a server (its own credentials, whatever their names), and the credential inside it
    out.push(...mapSecrets(s.env), ...Object.values(s.headers), ...mapSecrets(s.headers), ...urlSecrets(s.url), ...argSecrets(s.args ?? []));
    if (s.oauth) out.push(s.oauth.clientSecret ?? '', s.oauth.privateKey ?? '');
  }
  return out.filter((v) => typeof v === 'string' && v.trim().length > 0);
}
