// Only core/store touches the database: no other source file imports the SQLite driver or runs SQL itself.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkStoreAccess, scanStoreAccess } from '../helpers/store-rules';

const ROOT = resolve(__dirname, '../..');

describe('the store boundary', () => {
  it('holds across src-main', () => {
    expect(scanStoreAccess(ROOT, 'src-main')).toEqual([]);
  });

  it('flags the driver imported outside core/store', () => {
    expect(checkStoreAccess('src-main/core/agent/x.ts', "import Database from 'better-sqlite3';")).toHaveLength(1);
    expect(checkStoreAccess('src-main/core/agent/x.ts', "const D = require('better-sqlite3-node20');")).toHaveLength(1);
    expect(checkStoreAccess('src-main/core/agent/x.ts', "import { sqliteDriver } from '../store/sqlite-driver';")).toHaveLength(1);
    expect(checkStoreAccess('src-main/core/store/db.ts', "import { sqliteDriver } from './sqlite-driver';")).toEqual([]);
    expect(checkStoreAccess('src-main/core/agent/x.ts', "import type { Database } from '../store/db';")).toEqual([]);
  });

  it('flags SQL run outside core/store, but not a regex exec or an unrelated prepare', () => {
    const at = (source: string) => checkStoreAccess('src-main/core/api/handlers/x.ts', source).map((v) => v.line);
    expect(at("core.db.prepare('DELETE FROM tool_events WHERE session_key = ?').run(key);")).toEqual([1]);
    expect(at('const rows = db\n  .prepare(\n    `SELECT 1`)')).toEqual([1, 2]);
    expect(at("db.exec('VACUUM');\ndb.transaction(() => {})();\ndb.pragma('user_version');")).toEqual([1, 2, 3]);
    expect(at("stmt.prepare<[string]>('SELECT 1')")).toEqual([1]);
    expect(at('const m = /^a(b)$/.exec(text);')).toEqual([]);
    expect(at('options.prepare(client);')).toEqual([]);
    expect(checkStoreAccess('src-main/core/store/messages.repo.ts', "db.prepare('SELECT 1')")).toEqual([]);
  });
});
