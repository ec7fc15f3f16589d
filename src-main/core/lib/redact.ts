// Secret handling shared by logs, the renderer and tool output: mask values, scrub known secrets from text.

const SENSITIVE_KEY = /^(api_?key|apikey|secret|password|token|credential|private_?key|access_?token|refresh_?token|auth|authorization)$/i;

/** True when a config/object key names a secret (matched whole, any case, snake or camel). */
export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key) || SENSITIVE_KEY.test(key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
}

/** `sk-…abcd` style mask: enough to recognise a key, never enough to use it. */
export function maskSecret(value: string): string {
  if (!value) return '';
  if (value.length <= 8) return '••••';
  return `${value.slice(0, 3)}…${value.slice(-4)}`;
}

/** Replaces every occurrence of the given secrets (length >= 6) in a text with a mask. */
export function scrubSecrets(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 6) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/** Deep copy of a plain value with every sensitive key's value masked. */
export function maskSensitive<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => maskSensitive(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = isSensitiveKey(k) && typeof v === 'string' ? maskSecret(v) : maskSensitive(v);
    }
    return out as T;
  }
  return value;
}
