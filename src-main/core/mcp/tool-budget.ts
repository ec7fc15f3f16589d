// Which MCP tools the model is offered: each server's includeTools / excludeTools, task-only tools hidden, and
// every server together inside the request's tool limit (small servers keep all, the largest are cut).
import type { McpServerConfig } from '../../../src-preload/contract/config-schema';
import type { McpToolDefinition } from './mcp-tool';

/** Why a server's tool is not offered (counts per server, for status). */
export interface HiddenTools {
  /** Left out by includeTools / excludeTools. */
  filtered: number;
  /** `execution.taskSupport: "required"`: callable only as a task, which this client does not run. */
  taskOnly: number;
  /** Over the request's tool limit. */
  overLimit: number;
}

/** A tool that can only run as an MCP task (2025-11-25 tasks); a plain tools/call of it always fails. */
export function isTaskOnly(tool: McpToolDefinition): boolean {
  return tool.execution?.taskSupport === 'required';
}

/** The server's tools the user's config lets through, in the server's own order. */
export function configuredTools(config: Pick<McpServerConfig, 'includeTools' | 'excludeTools'>, tools: readonly McpToolDefinition[]): {
  offered: McpToolDefinition[];
  filtered: number;
  taskOnly: number;
} {
  const include = config.includeTools ? new Set(config.includeTools) : undefined;
  const exclude = new Set(config.excludeTools);
  let filtered = 0;
  let taskOnly = 0;
  const offered: McpToolDefinition[] = [];
  for (const tool of tools) {
    if ((include && !include.has(tool.name)) || exclude.has(tool.name)) filtered++;
    else if (isTaskOnly(tool)) taskOnly++;
    else offered.push(tool);
  }
  return { offered, filtered, taskOnly };
}

/**
 * How many tools each server may offer when `budget` slots are left for all of them: servers are served
 * smallest first, each taking at most an equal share of what is left, so a server with 345 tools gives way
 * before one with 5 loses any. Ties go by name, so the result is stable.
 */
export function shareBudget(counts: ReadonlyMap<string, number>, budget: number): Map<string, number> {
  const servers = [...counts.entries()].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const shares = new Map<string, number>();
  let left = Math.max(0, budget);
  servers.forEach(([server, count], i) => {
    const share = Math.min(count, Math.floor(left / (servers.length - i)));
    shares.set(server, share);
    left -= share;
  });
  return shares;
}

/** The status line's facts when the limit cut something: the limit, what was wanted, and the largest servers. */
export interface BudgetReport {
  limit: number;
  /** Tools that would have been offered without the limit (built-ins included). */
  wanted: number;
  dropped: number;
  /** The servers with the most offered tools, largest first (at most three). */
  largest: { server: string; tools: number }[];
}

/** The report for `counts` (tools each server wanted) against `limit`, or undefined when everything fits. */
export function budgetReport(counts: ReadonlyMap<string, number>, builtins: number, limit: number): BudgetReport | undefined {
  const wanted = builtins + [...counts.values()].reduce((a, b) => a + b, 0);
  if (wanted <= limit) return undefined;
  const largest = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 3)
    .map(([server, tools]) => ({ server, tools }));
  return { limit, wanted, dropped: wanted - Math.max(limit, builtins), largest };
}

/** One sentence for status, the runtime panel and the chat. */
export function describeBudget(report: BudgetReport): string {
  const largest = report.largest.map((l) => `${l.server} (${l.tools})`).join(', ');
  return (
    `${report.wanted} tools are offered but the limit is ${report.limit} (tools.maxTools): ${report.dropped} MCP tools are left out, ` +
    `from the largest servers first — ${largest}. Narrow them with includeTools / excludeTools in mcpServers.`
  );
}
