// Masks for logs and the renderer: a secret shown as `…abcd`, and a plain value with its secret keys masked.
import { isSecretKey } from './secret-names';

/** `…abcd` style mask: at most the last 4 characters, enough to recognise a key, never to use it. */
export function maskSecret(value: string): string {
  if (!value) return '';
  if (value.length <= 8) return '••••';
  return `…${value.slice(-4)}`;
}

/** Deep copy of a plain value with every sensitive key's value masked. */
export function maskSensitive<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => maskSensitive(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = isSecretKey(k) && typeof v === 'string' ? maskSecret(v) : maskSensitive(v);
    }
    return out as T;
  }
  return value;
}
