// Rules stored before rules named their MCP server (a tool rule under the model-facing `mcp_<server>_<tool>`) become
// mcp_tool rules where the configured servers leave one reading, and are dropped (with a log line) where not.
import type { Logger } from '../lib/logger';
import { listApprovalRules, replaceApprovalRules } from '../store/approval-rules.repo';
import type { Database } from '../store/db';
import { sanitizeNamePart } from './tool-naming';

/** What became of one old rule. */
export type LegacyRuleOutcome =
  | { name: string; migrated: { server: string; tool: string } }
  | { name: string; dropped: 'no_server' | 'ambiguous' };

/**
 * The server and tool an old model-facing name meant: exactly one configured server whose cleaned name starts it.
 * The rest is the tool's cleaned name; a tool whose own name had other characters (or a name that was cut and
 * hashed) is then named by no rule, so it is asked again: never more allowed than before.
 */
function readLegacyName(name: string, servers: readonly string[]): LegacyRuleOutcome {
  const readings = servers.flatMap((server) => {
    const prefix = `mcp_${sanitizeNamePart(server)}_`;
    return name.startsWith(prefix) && name.length > prefix.length ? [{ server, tool: name.slice(prefix.length) }] : [];
  });
  if (readings.length === 0) return { name, dropped: 'no_server' };
  if (readings.length > 1) return { name, dropped: 'ambiguous' };
  return { name, migrated: readings[0]! };
}

/**
 * Converts every old MCP tool rule in one transaction, so a crash leaves either the old rules or the new ones. Built-in
 * tools never start with `mcp_`. Runs at every start (a no-op once nothing old is left).
 */
export function migrateLegacyMcpRules(db: Database, servers: readonly string[], log: Logger, now: number): LegacyRuleOutcome[] {
  const legacy = listApprovalRules(db).filter((r) => r.kind === 'tool' && r.tool.startsWith('mcp_'));
  if (legacy.length === 0) return [];
  const outcomes = legacy.map((rule) => readLegacyName(rule.tool, servers));
  const replacements = outcomes.flatMap((o) => ('migrated' in o ? [{ tool: o.migrated.tool, kind: 'mcp_tool' as const, pattern: o.migrated.server }] : []));
  replaceApprovalRules(db, legacy.map((r) => r.id), replacements, now);
  for (const o of outcomes) {
    if ('migrated' in o) log.info(`approval rule "${o.name}" now names MCP server "${o.migrated.server}", tool "${o.migrated.tool}"`);
    else {
      const why = o.dropped === 'ambiguous' ? 'more than one configured server could be meant' : 'no configured server matches it';
      log.warn(`approval rule "${o.name}" was dropped: ${why}; allow the tool again when it is asked`);
    }
  }
  return outcomes;
}
