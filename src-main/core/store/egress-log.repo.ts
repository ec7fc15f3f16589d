// The egress ledger's rows (egress_log): inserted in batches, summed by host over a time range, pruned by age.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { cachedStatement } from './statement-cache';
import { countRowSchema, parseAggregate, parseRows } from './row-parsing';

/** One stored connection; `sourceName` is the command or MCP server ('' for web_fetch). */
export interface EgressLogRow {
  at: number;
  sessionKey: string;
  host: string;
  port: number;
  bytesOut: number;
  bytesIn: number;
  sourceKind: 'exec' | 'web_fetch' | 'mcp';
  sourceName: string;
  verdict: string;
}

/** Which rows to read: `since <= at < until`, optionally of one host. */
export interface EgressRange {
  since: number;
  until?: number;
  host?: string;
}

/** How often one source reached a host with one verdict (the "which tools, allowed by what" of a host). */
export interface EgressUse {
  sourceKind: EgressLogRow['sourceKind'];
  sourceName: string;
  verdict: string;
  connections: number;
}

/** A host's connections in a range: counts, bytes, the last verdict and who connected. */
export interface EgressHostSummary {
  host: string;
  connections: number;
  allowed: number;
  refused: number;
  bytesOut: number;
  bytesIn: number;
  lastAt: number;
  lastVerdict: string;
  uses: EgressUse[];
}

const sourceKindSchema = z.enum(['exec', 'web_fetch', 'mcp']);
const rowSchema = z.object({
  at: z.number(),
  session_key: z.string(),
  host: z.string(),
  port: z.number(),
  bytes_out: z.number(),
  bytes_in: z.number(),
  source_kind: sourceKindSchema,
  source_name: z.string(),
  verdict: z.string(),
});
const hostSchema = z.object({
  host: z.string(),
  connections: z.number(),
  allowed: z.number(),
  bytes_out: z.number(),
  bytes_in: z.number(),
  last_at: z.number(),
  last_verdict: z.string(),
});
const useSchema = z.object({ host: z.string(), source_kind: sourceKindSchema, source_name: z.string(), verdict: z.string(), n: z.number() });

/** Stores rows in one transaction (all or none). */
export function insertEgressRows(db: Database, rows: readonly EgressLogRow[]): void {
  const insert = cachedStatement(
    db,
    `INSERT INTO egress_log (at, session_key, host, port, bytes_out, bytes_in, source_kind, source_name, verdict)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const r of rows) insert.run(r.at, r.sessionKey, r.host, r.port, r.bytesOut, r.bytesIn, r.sourceKind, r.sourceName, r.verdict);
  })();
}

function whereOf(range: EgressRange): { sql: string; params: (string | number)[] } {
  const where = ['at >= ?'];
  const params: (string | number)[] = [range.since];
  if (range.until !== undefined) {
    where.push('at < ?');
    params.push(range.until);
  }
  if (range.host !== undefined) {
    where.push('host = ?');
    params.push(range.host);
  }
  return { sql: where.join(' AND '), params };
}

/** Rows of a range, newest first, at most `limit`. */
export function listEgress(db: Database, range: EgressRange, limit = 1000): EgressLogRow[] {
  const { sql, params } = whereOf(range);
  const rows = parseRows(
    'egress_log',
    rowSchema,
    cachedStatement(db, `SELECT at, session_key, host, port, bytes_out, bytes_in, source_kind, source_name, verdict FROM egress_log WHERE ${sql} ORDER BY at DESC, id DESC LIMIT ?`).all(
      ...params,
      limit,
    ),
  );
  return rows.map((r) => ({
    at: r.at,
    sessionKey: r.session_key,
    host: r.host,
    port: r.port,
    bytesOut: r.bytes_out,
    bytesIn: r.bytes_in,
    sourceKind: r.source_kind,
    sourceName: r.source_name,
    verdict: r.verdict,
  }));
}

/**
 * Each host of a range with its sums, busiest first. `allowedVerdicts` are the verdicts that let a connection through
 * (the ledger's domain knows them); every other verdict counts as refused.
 */
export function egressByHost(db: Database, range: EgressRange, allowedVerdicts: readonly string[]): EgressHostSummary[] {
  const { sql, params } = whereOf(range);
  // With one max() in the query, SQLite takes the bare column (verdict) from the row holding the maximum: the last one.
  const marks = allowedVerdicts.map(() => '?').join(',') || "''";
  const hosts = parseRows(
    'egress_log',
    hostSchema,
    cachedStatement(
      db,
      `SELECT host, count(*) AS connections, sum(verdict IN (${marks})) AS allowed,
              sum(bytes_out) AS bytes_out, sum(bytes_in) AS bytes_in, max(at) AS last_at, verdict AS last_verdict
       FROM egress_log WHERE ${sql} GROUP BY host ORDER BY connections DESC, host`,
    ).all(...allowedVerdicts, ...params),
  );
  const uses = parseRows(
    'egress_log',
    useSchema,
    cachedStatement(db, `SELECT host, source_kind, source_name, verdict, count(*) AS n FROM egress_log WHERE ${sql} GROUP BY host, source_kind, source_name, verdict ORDER BY n DESC, source_kind, source_name, verdict`).all(
      ...params,
    ),
  );
  return hosts.map((h) => ({
    host: h.host,
    connections: h.connections,
    allowed: h.allowed,
    refused: h.connections - h.allowed,
    bytesOut: h.bytes_out,
    bytesIn: h.bytes_in,
    lastAt: h.last_at,
    lastVerdict: h.last_verdict,
    uses: uses
      .filter((u) => u.host === h.host)
      .map((u) => ({ sourceKind: u.source_kind, sourceName: u.source_name, verdict: u.verdict, connections: u.n })),
  }));
}

/** Deletes rows older than `before`; returns how many. */
export function pruneEgress(db: Database, before: number): number {
  return cachedStatement(db, 'DELETE FROM egress_log WHERE at < ?').run(before).changes;
}

/** How many rows the ledger holds (tests, status). */
export function countEgress(db: Database): number {
  return parseAggregate('egress_log', countRowSchema, cachedStatement(db, 'SELECT count(*) AS n FROM egress_log').get()).n;
}
