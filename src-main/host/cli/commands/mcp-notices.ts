// What the CLI says on stderr about MCP before a turn: servers that are not ready (and why), and the tool limit.
import type { McpServerStatus, McpService } from '../../../core/mcp/mcp-types';
import { describeBudget } from '../../../core/mcp/tool-budget';

const WHY: Record<McpServerStatus['state'], string> = {
  connected: '',
  connecting: 'still connecting',
  failing: 'failing',
  circuit_open: 'paused after repeated failures',
  needs_auth: 'needs sign-in',
  failed: 'not started',
  disabled: '',
  idle: 'not started',
};

/** One line per enabled server that is not connected: its state and last error; its tools are missing this turn. */
export function notReadyLines(servers: readonly McpServerStatus[]): string[] {
  return servers
    .filter((s) => s.state !== 'connected' && s.state !== 'disabled')
    .map((s) =>
      s.state === 'needs_auth'
        ? `⚠ MCP server '${s.name}' needs sign-in (nanotray mcp login ${s.name}); its tools are not available.`
        : `⚠ MCP server '${s.name}' is not ready (${WHY[s.state]}${s.error ? `: ${s.error}` : ''}); its tools are not available.`,
    );
}

/** The not-ready lines and the tool limit's warning, for `agent -m` and the REPL (stderr). */
export function mcpNotices(mcp: McpService): string[] {
  const budget = mcp.budget();
  return [...notReadyLines(mcp.status()), ...(budget ? [`⚠ ${describeBudget(budget)}`] : [])];
}
