// The audit log of runtime changes: one row per set attempt (tool, runtime panel or CLI), never a secret.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { parseRows } from './row-parsing';
import { scrubSecrets } from '../lib/known-secrets';

const auditSourceSchema = z.enum(['tool', 'ui', 'cli']);
/** accepted: applied; blocked: internal/sensitive/prototype name; read_only; rejected: invalid; disabled: allow_set off. */
const auditOutcomeSchema = z.enum(['accepted', 'blocked', 'read_only', 'rejected', 'disabled']);
export type AuditSource = z.output<typeof auditSourceSchema>;
export type AuditOutcome = z.output<typeof auditOutcomeSchema>;

export interface AuditEntry {
  at: number;
  sessionKey: string | null;
  source: AuditSource;
  key: string;
  outcome: AuditOutcome;
  /** e.g. `max_iterations: 40 -> 80`, `BLOCKED bus`, `READ_ONLY web_config`. */
  detail: string;
}

export interface AuditRow extends AuditEntry {
  id: number;
}

const auditRowSchema = z.object({
  id: z.number(),
  at: z.number(),
  session_key: z.string().nullable(),
  source: auditSourceSchema,
  key: z.string(),
  outcome: auditOutcomeSchema,
  detail: z.string(),
});

const MAX_KEY_CHARS = 200;
const MAX_DETAIL_CHARS = 300;

/** Cuts a text to `max` characters, the last one an ellipsis. */
function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Scrubs every secret the core knows and bounds the length, so a row can never leak a key. */
function safeText(text: string, max: number): string {
  return clip(scrubSecrets(text), max);
}

/** Writes one audit row; returns its id. */
export function recordAudit(db: Database, entry: AuditEntry): number {
  const info = db
    .prepare('INSERT INTO audit (at, session_key, source, key, outcome, detail) VALUES (?, ?, ?, ?, ?, ?)')
    .run(
      entry.at,
      entry.sessionKey,
      entry.source,
      safeText(entry.key, MAX_KEY_CHARS),
      entry.outcome,
      safeText(entry.detail, MAX_DETAIL_CHARS),
    );
  return Number(info.lastInsertRowid);
}

/** The newest rows first. */
export function listAudit(db: Database, limit = 100): AuditRow[] {
  const rows = parseRows(
    'audit',
    auditRowSchema,
    db
      .prepare('SELECT id, at, session_key, source, key, outcome, detail FROM audit ORDER BY id DESC LIMIT ?')
      .all(Math.max(1, Math.min(Math.trunc(limit) || 100, 10_000))),
  );
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    sessionKey: r.session_key,
    source: r.source,
    key: r.key,
    outcome: r.outcome,
    detail: r.detail,
  }));
}
