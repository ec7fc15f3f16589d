// memory_versions: the previous content of a workspace markdown file, stored before every change to it.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { parseRow, parseRows } from './row-parsing';

/** Who made the change that replaced the stored content. */
const authorSchema = z.enum(['user', 'agent', 'external', 'system']);
export type VersionAuthor = z.output<typeof authorSchema>;

export interface MemoryVersionInfo {
  id: number;
  path: string;
  author: VersionAuthor;
  createdAt: number;
  /** Characters of the stored content. */
  size: number;
}

export interface MemoryVersion extends MemoryVersionInfo {
  content: string;
}

const versionInfoRowSchema = z.object({ id: z.number(), path: z.string(), author: authorSchema, created_at: z.number(), size: z.number() });
const versionRowSchema = versionInfoRowSchema.extend({ content: z.string() });
const contentRowSchema = z.object({ content: z.string() });

/** Versions kept per file; older ones are deleted when a new one is stored (HISTORY.md grows every append). */
export const MEMORY_VERSIONS_KEPT = 100;

/** Stores `content` as a version of `path` (workspace-relative), keeps the newest 100; returns the new id. */
export function insertMemoryVersion(
  db: Database,
  version: { path: string; content: string; author: VersionAuthor; createdAt: number },
): number {
  return db.transaction(() => {
    const info = db
      .prepare('INSERT INTO memory_versions (path, content, author, created_at) VALUES (?, ?, ?, ?)')
      .run(version.path, version.content, version.author, version.createdAt);
    db.prepare(
      'DELETE FROM memory_versions WHERE path = ? AND id NOT IN (SELECT id FROM memory_versions WHERE path = ? ORDER BY id DESC LIMIT ?)',
    ).run(version.path, version.path, MEMORY_VERSIONS_KEPT);
    return Number(info.lastInsertRowid);
  })();
}

/** Versions of `path`, newest first (content left out). */
export function listMemoryVersions(db: Database, path: string, limit = 200): MemoryVersionInfo[] {
  const rows = parseRows(
    'memory_versions',
    versionInfoRowSchema,
    db
      .prepare('SELECT id, path, author, created_at, length(content) AS size FROM memory_versions WHERE path = ? ORDER BY id DESC LIMIT ?')
      .all(path, limit),
  );
  return rows.map((r) => ({ id: r.id, path: r.path, author: r.author, createdAt: r.created_at, size: r.size }));
}

/** One stored version with its content, or undefined. */
export function getMemoryVersion(db: Database, id: number): MemoryVersion | undefined {
  const r = parseRow(
    'memory_versions',
    versionRowSchema,
    db.prepare('SELECT id, path, author, created_at, length(content) AS size, content FROM memory_versions WHERE id = ?').get(id),
  );
  if (!r) return undefined;
  return { id: r.id, path: r.path, author: r.author, createdAt: r.created_at, size: r.size, content: r.content };
}

/** The content of the newest stored version of `path`, if any. */
export function latestMemoryVersionContent(db: Database, path: string): string | undefined {
  const row = db.prepare('SELECT content FROM memory_versions WHERE path = ? ORDER BY id DESC LIMIT 1').get(path);
  return parseRow('memory_versions', contentRowSchema, row)?.content;
}
