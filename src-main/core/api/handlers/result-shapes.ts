// Normalizes what a core service returned (a Result, a plain value or text) for the handlers.
import { errorMessage } from '../../lib/result';

export type Normalized = { ok: true; value: unknown } | { ok: false; error: string };

/** Awaits a service call and folds `Result`-shaped values, plain values and exceptions into one shape. */
export async function normalizeCall(call: () => unknown): Promise<Normalized> {
  let out: unknown;
  try {
    out = await call();
  } catch (err) {
    return { ok: false, error: errorMessage(err) };
  }
  if (out && typeof out === 'object' && 'ok' in out) {
    const r = out as { ok: unknown; value?: unknown; error?: unknown };
    if (r.ok === true) return { ok: true, value: r.value };
    if (r.ok === false) return { ok: false, error: typeof r.error === 'string' ? r.error : errorMessage(r.error) };
  }
  return { ok: true, value: out };
}

/** Text to show for a value a service returned (`text`/`message` fields or the string itself). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const v = value as { text?: unknown; message?: unknown };
    if (typeof v.text === 'string') return v.text;
    if (typeof v.message === 'string') return v.message;
  }
  return value === undefined ? '' : JSON.stringify(value);
}

/** A JSON-safe copy (drops functions, cycles become an error text). */
export function toJsonValue(value: unknown): import('../../../../src-preload/contract/schemas').JsonValue | undefined {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(value)) as import('../../../../src-preload/contract/schemas').JsonValue;
  } catch {
    return String(value);
  }
}
