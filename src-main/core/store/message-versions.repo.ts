// Versions of a chat's end: Edit and Regenerate archive the rows after a message (a fork) instead of deleting them,
// and showing another version swaps the shown rows after that message for the archived ones. Ids are kept, so a
// version moved back reads in its place; only the shown version is in `messages` (what the model, search and export read).
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { cachedStatement } from './statement-cache';
import { parseRow, parseRows } from './row-parsing';

const COLUMNS = 'id, session_key, turn_id, role, content, tool_calls, tool_call_id, name, usage, meta, created_at, tokens';

/** The versions at one fork: which is shown (1-based, in the order they were made) of how many. */
export interface VersionChoice {
  /** The message the versions follow (0: the chat's start). */
  parentId: number;
  /** The first shown message after the fork (where the window puts ‹ index/count ›); absent when none is shown. */
  firstId?: number;
  index: number;
  count: number;
}

const branchRowSchema = z.object({ id: z.number(), parent_id: z.number(), first_id: z.number().nullable() });
const idRowSchema = z.object({ id: z.number().nullable() });

/** The message shown just before `id` in the session (0 when `id` is the first): the fork an edit of `id` makes. */
export function shownMessageBefore(db: Database, sessionKey: string, id: number): number {
  const row = parseRow('messages', idRowSchema, cachedStatement(db, 'SELECT max(id) AS id FROM messages WHERE session_key = ? AND id < ?').get(sessionKey, id));
  return row?.id ?? 0;
}

/**
 * Moves the shown messages after `parentId` into a new archived version (ONE transaction). Returns how many moved;
 * nothing moves, and no version is made, when nothing follows the message.
 */
export function archiveAfter(db: Database, sessionKey: string, parentId: number, now: number): number {
  return db.transaction(() => archive(db, sessionKey, parentId, now))();
}

function archive(db: Database, sessionKey: string, parentId: number, now: number): number {
  const any = cachedStatement(db, 'SELECT 1 FROM messages WHERE session_key = ? AND id > ? LIMIT 1').get(sessionKey, parentId);
  if (!any) return 0;
  const branch = Number(cachedStatement(db, 'INSERT INTO message_branches (session_key, parent_id, created_at) VALUES (?, ?, ?)').run(sessionKey, parentId, now).lastInsertRowid);
  cachedStatement(db, `INSERT INTO archived_messages (branch_id, ${COLUMNS}) SELECT ?, ${COLUMNS} FROM messages WHERE session_key = ? AND id > ?`).run(branch, sessionKey, parentId);
  return cachedStatement(db, 'DELETE FROM messages WHERE session_key = ? AND id > ?').run(sessionKey, parentId).changes;
}

/** The archived versions at `parentId` with the first id of each, oldest first. */
function archivedAt(db: Database, sessionKey: string, parentId: number): Array<{ id: number; firstId: number }> {
  return parseRows(
    'message_branches',
    branchRowSchema,
    cachedStatement(
      db,
      `SELECT b.id AS id, b.parent_id AS parent_id, (SELECT min(a.id) FROM archived_messages a WHERE a.branch_id = b.id) AS first_id
         FROM message_branches b WHERE b.session_key = ? AND b.parent_id = ?`,
    ).all(sessionKey, parentId),
  ).map((r) => ({ id: r.id, firstId: r.first_id ?? 0 }));
}

function firstShownAfter(db: Database, sessionKey: string, parentId: number): number | undefined {
  return parseRow('messages', idRowSchema, cachedStatement(db, 'SELECT min(id) AS id FROM messages WHERE session_key = ? AND id > ?').get(sessionKey, parentId))?.id ?? undefined;
}

/** Every version of the shown path: forks whose message is shown (or the chat's start), in message order. */
export function versionChoices(db: Database, sessionKey: string): VersionChoice[] {
  const parents = parseRows(
    'message_branches',
    z.object({ parent_id: z.number() }),
    cachedStatement(
      db,
      `SELECT DISTINCT b.parent_id AS parent_id FROM message_branches b
        WHERE b.session_key = ? AND (b.parent_id = 0 OR EXISTS (SELECT 1 FROM messages m WHERE m.id = b.parent_id AND m.session_key = b.session_key))
        ORDER BY b.parent_id`,
    ).all(sessionKey),
  ).map((r) => r.parent_id);
  return parents.map((parentId) => {
    const archived = archivedAt(db, sessionKey, parentId);
    const shown = firstShownAfter(db, sessionKey, parentId);
    // the shown version counts by where its first message falls; nothing shown counts as the newest
    const index = shown === undefined ? archived.length + 1 : archived.filter((b) => b.firstId < shown).length + 1;
    return { parentId, ...(shown !== undefined ? { firstId: shown } : {}), index, count: archived.length + 1 };
  });
}

/**
 * Shows version `index` (1-based) at the fork after `parentId`: the shown messages after it are archived as a
 * version and the chosen one moves back, in ONE transaction. False when there is no such version.
 */
export function showVersion(db: Database, sessionKey: string, parentId: number, index: number, now: number): boolean {
  return db.transaction(() => {
    const choice = versionChoices(db, sessionKey).find((c) => c.parentId === parentId);
    if (!choice || index < 1 || index > choice.count) return false;
    if (index === choice.index) return true;
    const archived = archivedAt(db, sessionKey, parentId).sort((a, b) => a.firstId - b.firstId);
    // the archived versions in order, with the shown one at its place
    const target = archived[index < choice.index ? index - 1 : index - 2];
    if (!target) return false;
    archive(db, sessionKey, parentId, now);
    cachedStatement(db, `INSERT INTO messages (${COLUMNS}) SELECT ${COLUMNS} FROM archived_messages WHERE branch_id = ? ORDER BY id`).run(target.id);
    cachedStatement(db, 'DELETE FROM message_branches WHERE id = ?').run(target.id);
    return true;
  })();
}
