// "Always allow" for MCP tools names what it allows: the server by its configured name and the tool by its own
// name, never the model-facing `mcp_<server>_<tool>` (cleaned, so two servers can share it).
import type { RuleSpec } from './command-approval';
import type { Tool } from '../tool';

/** A registry tool backed by an MCP server: the approval gate reads `mcpServer` for per-server rules. */
export interface McpBackedTool extends Tool {
  readonly mcpServer: string;
  readonly mcpToolName: string;
}

/** Which tool of which server a registry tool calls. */
export interface McpToolIdentity {
  /** The server's name in config (`mcpServers.<name>`). */
  server: string;
  /** The tool's name as the server lists it. */
  tool: string;
}

/** The server and own name behind a registry tool, or undefined for a built-in tool. */
export function mcpToolOf(tool: Tool): McpToolIdentity | undefined {
  const { mcpServer, mcpToolName } = tool as Partial<McpBackedTool>;
  return typeof mcpServer === 'string' && typeof mcpToolName === 'string' ? { server: mcpServer, tool: mcpToolName } : undefined;
}

/** The rule "always allow this tool of this server". */
export function mcpToolRule(id: McpToolIdentity): RuleSpec {
  return { tool: id.tool, kind: 'mcp_tool', pattern: id.server, cwd: '' };
}

/** How people see such a rule: `server · tool`. */
export function mcpRuleLabel(id: McpToolIdentity): string {
  return `${id.server} · ${id.tool}`;
}

/** Whether a rule allows this tool of this server: a rule for the whole server, or for exactly this tool of it. */
export function coversMcpTool(rule: RuleSpec, id: McpToolIdentity): boolean {
  if (rule.kind === 'server') return rule.pattern === id.server;
  return rule.kind === 'mcp_tool' && rule.pattern === id.server && rule.tool === id.tool;
}
