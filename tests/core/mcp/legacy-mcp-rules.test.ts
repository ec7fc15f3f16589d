// Old MCP tool rules (stored under the model-facing name) become server + tool rules where one configured server
// reads them, and are dropped where none or several do; other rules are left alone.
import { describe, expect, it } from 'vitest';
import { migrateLegacyMcpRules } from '../../../src-main/core/mcp/legacy-mcp-rules';
import type { Logger } from '../../../src-main/core/lib/logger';
import { addApprovalRule, listApprovalRules } from '../../../src-main/core/store/approval-rules.repo';
import { databaseAtVersion } from '../../helpers/migration-db';

function recordingLog(lines: string[]): Logger {
  const add = (m: string): void => void lines.push(m);
  return { debug: add, info: add, warn: add, error: add };
}

describe('migrateLegacyMcpRules', () => {
  it('migrates unambiguous rules, drops ambiguous and orphaned ones with a log line, keeps the rest', () => {
    const db = databaseAtVersion(12);
    for (const tool of ['mcp_files_read', 'mcp_my_files_read', 'mcp_gone_x', 'read_file']) addApprovalRule(db, { tool, kind: 'tool' }, 1);
    addApprovalRule(db, { tool: 'mcp_files', kind: 'server', pattern: 'files' }, 1);
    const lines: string[] = [];
    const outcomes = migrateLegacyMcpRules(db, ['files', 'my_files', 'my.files'], recordingLog(lines), 2);
    expect(outcomes).toEqual([
      { name: 'mcp_files_read', migrated: { server: 'files', tool: 'read' } },
      { name: 'mcp_my_files_read', dropped: 'ambiguous' },
      { name: 'mcp_gone_x', dropped: 'no_server' },
    ]);
    const left = listApprovalRules(db).map((r) => `${r.kind}:${r.pattern}:${r.tool}`).sort();
    expect(left).toEqual(['mcp_tool:files:read', 'server:files:mcp_files', 'tool::read_file']);
    expect(lines.filter((l) => l.includes('dropped'))).toHaveLength(2);
    expect(migrateLegacyMcpRules(db, ['files'], recordingLog(lines), 3)).toEqual([]);
  });

  it('reads the longer server name apart from a shorter one it starts with as ambiguous', () => {
    const db = databaseAtVersion(12);
    addApprovalRule(db, { tool: 'mcp_a_b_read', kind: 'tool' }, 1);
    expect(migrateLegacyMcpRules(db, ['a', 'a_b'], recordingLog([]), 2)).toEqual([{ name: 'mcp_a_b_read', dropped: 'ambiguous' }]);
    expect(listApprovalRules(db)).toEqual([]);
  });
});
