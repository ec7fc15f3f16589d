// The SQLite egress ledger: records every connection the agent made or tried (never throwing), keeps 30 days, and
// answers the window's and `nanotray egress`'s questions (rows of a range, today by host).
import type { Clock } from '../../lib/clock';
import { createLogger, type Logger } from '../../lib/logger';
import type { Database } from '../../store/db';
import { egressByHost, insertEgressRows, listEgress, pruneEgress, type EgressHostSummary, type EgressLogRow, type EgressRange } from '../../store/egress-log.repo';
import { startOfLocalDay } from '../../store/usage.repo';
import { egressAllowed, type EgressLedger, type EgressRecord, type EgressVerdict } from './egress-record';

/** How long rows are kept. */
export const EGRESS_KEEP_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
/** A command is stored up to this many characters (the row names it, the sandbox log does not need all of it). */
const SOURCE_NAME_CHARS = 500;

const VERDICTS: readonly EgressVerdict[] = ['rule', 'once', 'always', 'auto', 'open', 'run', 'denied', 'unattended', 'readonly', 'nanotray', 'address', 'invalid'];
/** The verdicts that let a connection through, as the repository sums them. */
export const ALLOWED_VERDICTS: readonly EgressVerdict[] = VERDICTS.filter(egressAllowed);

function toRow(entry: EgressRecord): EgressLogRow {
  const { source } = entry;
  const sourceName = source.kind === 'exec' ? source.command : source.kind === 'mcp' ? source.server : '';
  return {
    at: entry.at,
    sessionKey: entry.sessionKey,
    host: entry.host,
    port: entry.port,
    bytesOut: Math.max(0, Math.round(entry.bytesOut)),
    bytesIn: Math.max(0, Math.round(entry.bytesIn)),
    sourceKind: source.kind,
    sourceName: sourceName.slice(0, SOURCE_NAME_CHARS),
    verdict: entry.verdict,
  };
}

export class SqliteEgressLedger implements EgressLedger {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #log: Logger;
  #prunedAt = Number.NEGATIVE_INFINITY;

  constructor(options: { db: Database; clock: Clock; log?: Logger }) {
    this.#db = options.db;
    this.#clock = options.clock;
    this.#log = options.log ?? createLogger('egress-ledger');
  }

  /** Stores one connection. A failure is logged; the connection it describes is not affected. */
  record(entry: EgressRecord): void {
    try {
      insertEgressRows(this.#db, [toRow(entry)]);
    } catch (err) {
      this.#log.warn(`could not record the connection to ${entry.host}:${entry.port}`, err);
    }
    this.pruneWhenDue();
  }

  /** Rows of a range, newest first. */
  list(range: EgressRange, limit?: number): EgressLogRow[] {
    return listEgress(this.#db, range, limit);
  }

  /** Each host of a range with its sums, busiest first. */
  byHost(range: EgressRange): EgressHostSummary[] {
    return egressByHost(this.#db, range, ALLOWED_VERDICTS);
  }

  /** The hosts of the local day containing `day` (ms). */
  summary(day: number, host?: string): EgressHostSummary[] {
    const since = startOfLocalDay(day);
    const next = new Date(since);
    next.setDate(next.getDate() + 1);
    return this.byHost({ since, until: next.getTime(), ...(host !== undefined ? { host } : {}) });
  }

  /**
   * Deletes rows older than 30 days, at most once a day: a long-running host calls it at start, and every record
   * calls it (so a one-shot CLI run that sends nothing writes nothing).
   */
  pruneWhenDue(): void {
    const now = this.#clock.now();
    if (now - this.#prunedAt < DAY_MS) return;
    this.#prunedAt = now;
    try {
      pruneEgress(this.#db, now - EGRESS_KEEP_DAYS * DAY_MS);
    } catch (err) {
      this.#log.warn('could not prune the egress ledger', err);
    }
  }
}
