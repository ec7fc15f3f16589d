// Permanent "always allow" rules in the approval_rules table: a whole tool, an exec command prefix or exact
// command (bound to the folder it was given in), an MCP server, one tool of an MCP server or a host.
import { z } from 'zod';
import type { Database } from './sqlite-driver';
import { parseRow } from './row-parsing';

const ruleKindSchema = z.enum(['tool', 'prefix', 'exact', 'server', 'host', 'mcp_tool']);
export type ApprovalRuleKind = z.output<typeof ruleKindSchema>;

export interface ApprovalRule {
  id: number;
  /**
   * Tool name (`exec` for prefix and exact rules; the MCP server's tool-name prefix for server rules; for mcp_tool
   * rules the tool's own name as its server lists it, never the model-facing name).
   */
  tool: string;
  kind: ApprovalRuleKind;
  /**
   * '' for tool rules; the command prefix words (`git`, `npm test`), the exact command, the server's configured
   * name (server and mcp_tool rules) or the host (see egress-host.ts).
   */
  pattern: string;
  /** For exec rules: the real path of the folder the rule was given in ('' for other kinds). */
  cwd: string;
  createdAt: number;
}

/** What adding a rule takes (pattern and cwd default to ''). */
export interface NewApprovalRule {
  tool: string;
  kind: ApprovalRuleKind;
  pattern?: string;
  cwd?: string;
}

const rowSchema = z.object({
  id: z.number(),
  tool: z.string(),
  kind: ruleKindSchema,
  pattern: z.string(),
  cwd: z.string(),
  created_at: z.number(),
});

const COLUMNS = 'id, tool, kind, pattern, cwd, created_at';

function toRule(row: unknown): ApprovalRule {
  const r = parseRow('approval_rules', rowSchema, row)!;
  return { id: r.id, tool: r.tool, kind: r.kind, pattern: r.pattern, cwd: r.cwd, createdAt: r.created_at };
}

/** All permanent rules, oldest first. */
export function listApprovalRules(db: Database): ApprovalRule[] {
  return db.prepare(`SELECT ${COLUMNS} FROM approval_rules ORDER BY id`).all().map(toRule);
}

/** Adds a rule (or returns the identical existing one). */
export function addApprovalRule(db: Database, rule: NewApprovalRule, now: number): ApprovalRule {
  const pattern = rule.pattern ?? '';
  const cwd = rule.cwd ?? '';
  db.prepare('INSERT INTO approval_rules (tool, kind, pattern, cwd, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING').run(
    rule.tool,
    rule.kind,
    pattern,
    cwd,
    now,
  );
  const row = db
    .prepare(`SELECT ${COLUMNS} FROM approval_rules WHERE tool = ? AND kind = ? AND pattern = ? AND cwd = ?`)
    .get(rule.tool, rule.kind, pattern, cwd);
  if (row === undefined) throw new Error('approval rule was not stored'); // impossible after the insert above
  return toRule(row);
}

/** Deletes a rule; false when no rule had that id. */
export function deleteApprovalRule(db: Database, id: number): boolean {
  return db.prepare('DELETE FROM approval_rules WHERE id = ?').run(id).changes > 0;
}

/** Deletes the rules `remove` and adds `add` in one transaction (all or nothing). */
export function replaceApprovalRules(db: Database, remove: readonly number[], add: readonly NewApprovalRule[], now: number): void {
  db.transaction(() => {
    for (const id of remove) deleteApprovalRule(db, id);
    for (const rule of add) addApprovalRule(db, rule, now);
  })();
}
