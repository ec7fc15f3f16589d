// Migration 0005 from a version-4 database: memory_pending exists, STRICT, with its checks and status index.
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src-main/core/store/db';
import { databaseAtVersion, migrateTo, schemaObjects } from '../../../helpers/migration-db';

let db: Database | undefined;
afterEach(() => db?.close());

const insert = (d: Database, source: string, status = 'pending') =>
  d
    .prepare("INSERT INTO memory_pending (path, base_version, base_content, proposed, source, status, created_at, updated_at) VALUES ('USER.md', 'missing', '', 'x', ?, ?, 1, 1)")
    .run(source, status);

describe('migration 0005 (memory pending)', () => {
  it('adds memory_pending with source and status checks, defaults and an index', () => {
    db = databaseAtVersion(4);
    expect(schemaObjects(db, 'table')).not.toContain('memory_pending');
    expect(migrateTo(db, 5)).toBe(5);
    expect(schemaObjects(db, 'index')).toContain('memory_pending_status');
    insert(db, 'consolidation');
    expect(db.prepare('SELECT session_key, tool, status, resolved_at FROM memory_pending').get()).toEqual({ session_key: '', tool: '', status: 'pending', resolved_at: null });
    expect(() => insert(db!, 'somebody')).toThrow(/CHECK constraint/);
    expect(() => insert(db!, 'agent', 'maybe')).toThrow(/CHECK constraint/);
    expect(() => db!.prepare("UPDATE memory_pending SET created_at = 'soon'").run()).toThrow(/cannot store TEXT value in INTEGER column/);
  });
});
