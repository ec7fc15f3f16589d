// Secret handling shared by logs, the renderer and tool output: mask values, scrub known secrets from text.
import { compileScrubber } from './secret-scrubber';

const SENSITIVE_KEY = /^(api_?key|apikey|secret|password|token|credential|private_?key|access_?token|refresh_?token|auth|authorization)$/i;

/** True when a config/object key names a secret (matched whole, any case, snake or camel). */
export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key) || SENSITIVE_KEY.test(key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
}

/** `…abcd` style mask: at most the last 4 characters, enough to recognise a key, never to use it. */
export function maskSecret(value: string): string {
  if (!value) return '';
  if (value.length <= 8) return '••••';
  return `…${value.slice(-4)}`;
}

/** Replaces every occurrence of the given secrets (length >= 6, in every encoded form) with [redacted]. */
export function scrubSecrets(text: string, secrets: Iterable<string>): string {
  return compileScrubber(secrets).scrub(text);
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
