// Migration 0003 from a version-2 database with rules: approval_rules accepts host rules; old rules keep ids and content.
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src-main/core/store/db';
import { databaseAtVersion, migrateTo } from '../../../helpers/migration-db';

let db: Database | undefined;
afterEach(() => db?.close());

const insert = (d: Database, tool: string, kind: string, pattern: string, at: number) =>
  d.prepare('INSERT INTO approval_rules (tool, kind, pattern, created_at) VALUES (?, ?, ?, ?)').run(tool, kind, pattern, at);

describe('migration 0003 (host approval rules)', () => {
  it('keeps existing rules and then accepts kind host (and still refuses unknown kinds)', () => {
    db = databaseAtVersion(2);
    insert(db, 'exec', 'prefix', 'git', 5);
    expect(() => insert(db!, 'web_fetch', 'host', 'x.org', 6)).toThrow(/CHECK constraint/);
    expect(migrateTo(db, 3)).toBe(3);
    insert(db, 'web_fetch', 'host', 'x.org', 6);
    expect(db.prepare('SELECT id, tool, kind, pattern, created_at FROM approval_rules ORDER BY id').all()).toEqual([
      { id: 1, tool: 'exec', kind: 'prefix', pattern: 'git', created_at: 5 },
      { id: 2, tool: 'web_fetch', kind: 'host', pattern: 'x.org', created_at: 6 },
    ]);
    expect(() => insert(db!, 'x', 'any', '', 7)).toThrow(/CHECK constraint/);
    expect(() => insert(db!, 'web_fetch', 'host', 'x.org', 8)).toThrow(/UNIQUE constraint/);
  });
});
