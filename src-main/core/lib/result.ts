// Results as values: the shape every fallible core function returns across a boundary.

/** Success carries a value; failure carries an error value (never a thrown exception). */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

export function okResult<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function errResult<E>(error: E): Result<never, E> {
  return { ok: false, error };
}

/** The message of anything thrown, for logs and user-facing text. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return typeof err === 'string' ? err : JSON.stringify(err);
}
