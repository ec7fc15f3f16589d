// Permanent "always allow" rules in the approval_rules table: a whole tool, an exec command prefix, an MCP server or a host.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { parseRow } from './row-parsing';

const ruleKindSchema = z.enum(['tool', 'prefix', 'server', 'host']);
export type ApprovalRuleKind = z.output<typeof ruleKindSchema>;

export interface ApprovalRule {
  id: number;
  /** Tool name (`exec` for prefix rules; the MCP server's tool-name prefix for server rules). */
  tool: string;
  kind: ApprovalRuleKind;
  /** '' for tool rules; the command prefix (`git`, `sudo apt`), the server name or the host (see egress-host.ts). */
  pattern: string;
  createdAt: number;
}

const rowSchema = z.object({
  id: z.number(),
  tool: z.string(),
  kind: ruleKindSchema,
  pattern: z.string(),
  created_at: z.number(),
});

function toRule(row: unknown): ApprovalRule {
  const r = parseRow('approval_rules', rowSchema, row)!;
  return { id: r.id, tool: r.tool, kind: r.kind, pattern: r.pattern, createdAt: r.created_at };
}

/** All permanent rules, oldest first. */
export function listApprovalRules(db: Database): ApprovalRule[] {
  return db
    .prepare('SELECT id, tool, kind, pattern, created_at FROM approval_rules ORDER BY id')
    .all()
    .map(toRule);
}

/** Adds a rule (or returns the identical existing one). */
export function addApprovalRule(
  db: Database,
  rule: { tool: string; kind: ApprovalRuleKind; pattern?: string },
  now: number,
): ApprovalRule {
  const pattern = rule.pattern ?? '';
  db.prepare('INSERT INTO approval_rules (tool, kind, pattern, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING').run(
    rule.tool,
    rule.kind,
    pattern,
    now,
  );
  const row = db
    .prepare('SELECT id, tool, kind, pattern, created_at FROM approval_rules WHERE tool = ? AND kind = ? AND pattern = ?')
    .get(rule.tool, rule.kind, pattern);
  if (row === undefined) throw new Error('approval rule was not stored'); // impossible after the insert above
  return toRule(row);
}

/** Deletes a rule; false when no rule had that id. */
export function deleteApprovalRule(db: Database, id: number): boolean {
  return db.prepare('DELETE FROM approval_rules WHERE id = ?').run(id).changes > 0;
}
