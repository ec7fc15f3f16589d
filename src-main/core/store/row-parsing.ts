// Rows are parsed at the repository edge, never cast unchecked: with zod, or for the thousands of rows a history
// window reads with plain typeof checks (message-window.repo.ts); a row that does not fit its table's shape is a clear error
// naming the table, and JSON columns fall back to a default when their text is damaged.
import { z } from 'zod';

/** A row read from `table` did not have the shape its repository expects (a damaged or foreign database). */
export class RowShapeError extends Error {
  constructor(
    readonly table: string,
    detail: string,
  ) {
    super(`A row of table "${table}" has an unexpected shape: ${detail}`);
    this.name = 'RowShapeError';
  }
}

/** Parses one row (from `.get()`); `undefined` (no row) stays `undefined`. */
export function parseRow<S extends z.ZodType>(table: string, schema: S, row: unknown): z.output<S> | undefined {
  if (row === undefined) return undefined;
  const parsed = schema.safeParse(row);
  if (!parsed.success) throw new RowShapeError(table, z.prettifyError(parsed.error));
  return parsed.data;
}

/** Parses every row (from `.all()`). */
export function parseRows<S extends z.ZodType>(table: string, schema: S, rows: unknown[]): z.output<S>[] {
  return rows.map((row) => parseRow(table, schema, row)!);
}

/** Parses a row an aggregate query always returns (count, sum, max). */
export function parseAggregate<S extends z.ZodType>(table: string, schema: S, row: unknown): z.output<S> {
  const parsed = parseRow(table, schema, row);
  if (parsed === undefined) throw new RowShapeError(table, 'the aggregate query returned no row');
  return parsed;
}

/** `{ n }` of a `count(*) AS n` or `coalesce(sum(…), 0) AS n` query. */
export const countRowSchema = z.object({ n: z.number() });

/** Reads a JSON text column with `schema`; null, malformed JSON or a wrong shape give `fallback`. */
export function parseJsonColumn<S extends z.ZodType, F>(text: string | null, schema: S, fallback: F): z.output<S> | F {
  if (!text) return fallback;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fallback;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

/** Parses a JSON column and checks it with a plain guard; null, malformed JSON or a wrong shape give `fallback`. */
export function checkedJsonColumn<T, F>(text: string | null, guard: (value: unknown) => value is T, fallback: F): T | F {
  if (!text) return fallback;
  try {
    const value: unknown = JSON.parse(text);
    return guard(value) ? value : fallback;
  } catch {
    return fallback;
  }
}
