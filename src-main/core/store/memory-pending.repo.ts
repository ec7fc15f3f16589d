// memory_pending: proposed changes to the prompt files, waiting for the user (accept, edit or reject).
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { parseRow, parseRows } from './row-parsing';

const sourceSchema = z.enum(['consolidation', 'agent']);
const statusSchema = z.enum(['pending', 'accepted', 'rejected']);
/** Who proposed the change: consolidation (facts for MEMORY.md) or a tool call of the agent. */
export type PendingSource = z.output<typeof sourceSchema>;
export type PendingStatus = z.output<typeof statusSchema>;

export interface PendingChange {
  id: number;
  /** Workspace-relative path of the file the change is for. */
  path: string;
  /** Version token of the file when the change was proposed (`missing` for a new file). */
  baseVersion: string;
  baseContent: string;
  proposed: string;
  source: PendingSource;
  sessionKey: string;
  /** The tool that proposed it ('' for consolidation). */
  tool: string;
  status: PendingStatus;
  createdAt: number;
  updatedAt: number;
}

const rowSchema = z.object({
  id: z.number(),
  path: z.string(),
  base_version: z.string(),
  base_content: z.string(),
  proposed: z.string(),
  source: sourceSchema,
  session_key: z.string(),
  tool: z.string(),
  status: statusSchema,
  created_at: z.number(),
  updated_at: z.number(),
});

const COLUMNS = 'id, path, base_version, base_content, proposed, source, session_key, tool, status, created_at, updated_at';

function toChange(row: z.output<typeof rowSchema>): PendingChange {
  return {
    id: row.id,
    path: row.path,
    baseVersion: row.base_version,
    baseContent: row.base_content,
    proposed: row.proposed,
    source: row.source,
    sessionKey: row.session_key,
    tool: row.tool,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface NewPendingChange {
  path: string;
  baseVersion: string;
  baseContent: string;
  proposed: string;
  source: PendingSource;
  sessionKey: string;
  tool?: string;
  at: number;
}

/** Stores a new pending change; returns it. */
export function insertPendingChange(db: Database, change: NewPendingChange): PendingChange {
  const info = db
    .prepare(
      `INSERT INTO memory_pending (path, base_version, base_content, proposed, source, session_key, tool, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(change.path, change.baseVersion, change.baseContent, change.proposed, change.source, change.sessionKey, change.tool ?? '', change.at, change.at);
  return getPendingChange(db, Number(info.lastInsertRowid))!;
}

/** One change (any status), or undefined. */
export function getPendingChange(db: Database, id: number): PendingChange | undefined {
  const row = parseRow('memory_pending', rowSchema, db.prepare(`SELECT ${COLUMNS} FROM memory_pending WHERE id = ?`).get(id));
  return row && toChange(row);
}

/** Changes still waiting for the user, oldest first. */
export function listOpenPendingChanges(db: Database): PendingChange[] {
  return parseRows('memory_pending', rowSchema, db.prepare(`SELECT ${COLUMNS} FROM memory_pending WHERE status = 'pending' ORDER BY id`).all()).map(toChange);
}

/** Replaces the proposed text of a waiting change (consolidation adding facts to its open proposal). */
export function updatePendingProposal(db: Database, id: number, proposed: string, at: number): boolean {
  return db.prepare("UPDATE memory_pending SET proposed = ?, updated_at = ? WHERE id = ? AND status = 'pending'").run(proposed, at, id).changes > 0;
}

/** Marks a waiting change accepted or rejected; false when it was not waiting (any more). */
export function resolvePendingChange(db: Database, id: number, status: 'accepted' | 'rejected', at: number): boolean {
  return db.prepare("UPDATE memory_pending SET status = ?, resolved_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'").run(status, at, at, id).changes > 0;
}
