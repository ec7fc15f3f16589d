// Migration 0004: approval_rules gains a folder per rule and the kind 'exact'; rules stored before keep their ids
// and get no folder (so an old exec prefix rule covers nothing until it is given again).
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../../src-main/core/store/db';
import { databaseAtVersion, migrateTo } from '../../../helpers/migration-db';
import { addApprovalRule, listApprovalRules } from '../../../../src-main/core/store/approval-rules.repo';

let db: Database | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
});

describe('exec rule folders (migration 0004)', () => {
  it('keeps older rules, with no folder', () => {
    db = databaseAtVersion(3);
    db.prepare("INSERT INTO approval_rules (tool, kind, pattern, created_at) VALUES ('exec', 'prefix', 'git', 5), ('write_file', 'tool', '', 6)").run();
    expect(migrateTo(db, 4)).toBe(4);
    expect(listApprovalRules(db)).toEqual([
      { id: 1, tool: 'exec', kind: 'prefix', pattern: 'git', cwd: '', createdAt: 5 },
      { id: 2, tool: 'write_file', kind: 'tool', pattern: '', cwd: '', createdAt: 6 },
    ]);
  });

  it('stores the same prefix once per folder, and exact commands', () => {
    db = openDatabase(':memory:');
    const a = addApprovalRule(db, { tool: 'exec', kind: 'prefix', pattern: 'git', cwd: '/ws' }, 1);
    expect(addApprovalRule(db, { tool: 'exec', kind: 'prefix', pattern: 'git', cwd: '/ws' }, 2)).toEqual(a);
    addApprovalRule(db, { tool: 'exec', kind: 'prefix', pattern: 'git', cwd: '/ws/sub' }, 3);
    addApprovalRule(db, { tool: 'exec', kind: 'exact', pattern: 'python3 build.py', cwd: '/ws' }, 4);
    expect(listApprovalRules(db).map((r) => `${r.kind}:${r.pattern}@${r.cwd}`)).toEqual(['prefix:git@/ws', 'prefix:git@/ws/sub', 'exact:python3 build.py@/ws']);
    expect(() => db!.prepare("INSERT INTO approval_rules (tool, kind, pattern, created_at) VALUES ('exec', 'regex', '.*', 1)").run()).toThrow(/CHECK/);
  });
});
