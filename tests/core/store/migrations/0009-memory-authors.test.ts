// Migration 0009 from a version-8 database: memory_authors exists, STRICT, one row per file and text, checked authors.
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src-main/core/store/db';
import { databaseAtVersion, migrateTo, schemaObjects } from '../../../helpers/migration-db';

let db: Database | undefined;
afterEach(() => db?.close());

describe('migration 0009 (memory authors)', () => {
  it('adds memory_authors keyed by file and text version, with the author checked', () => {
    db = databaseAtVersion(8);
    expect(schemaObjects(db, 'table')).not.toContain('memory_authors');
    expect(migrateTo(db, 9)).toBe(9);
    const insert = db.prepare('INSERT INTO memory_authors (path, version, author, created_at) VALUES (?, ?, ?, ?)');
    insert.run('USER.md', 'abc', 'user', 1);
    expect(() => insert.run('USER.md', 'abc', 'agent', 2)).toThrow(/UNIQUE constraint/);
    expect(() => insert.run('USER.md', 'def', 'somebody', 2)).toThrow(/CHECK constraint/);
    expect(() => insert.run('USER.md', 'def', 'user', 'soon')).toThrow(/cannot store TEXT value in INTEGER column/);
  });
});
