// The registry tools of every MCP server for one request: config filters and task-only tools out, the tool limit
// shared (largest servers give way first), model-facing names, and the resource tools of servers with resources.
import type { Tool } from '../tools/tool';
import type { McpConnection } from './mcp-connection';
import { createMcpTool } from './mcp-tool';
import { callTool } from './mcp-tool-call';
import { createListResourcesTool, createReadResourceTool, RESOURCE_READ_TOOL_NAME } from './resources/resource-tools';
import { assignToolNames, toolRefKey } from './tool-naming';
import { budgetReport, configuredTools, shareBudget, type BudgetReport, type HiddenTools } from './tool-budget';

/** The read tool's place among a server's tool names: `mcp_<server>__read_resource` (a server tool of that name gets a hashed one). */
const READ_RESOURCE_REF = '\u0000read_resource';

/** The registry tools of every server, why others are hidden, and the limit's report. */
export interface ToolSet {
  /** The servers' own tools. */
  tools: Tool[];
  /** `list_resources` and each resource server's read tool. */
  resourceTools: Tool[];
  hidden: Map<string, HiddenTools>;
  budget: BudgetReport | undefined;
}

/**
 * The registry tools of every server: config filters and task-only tools first, then the request's tool limit
 * (`tools.maxTools` minus the built-ins and the resource tools), shared so the largest servers give way first.
 * Within a server the first tools of its own listing stay. Servers with resources add `list_resources` (one for
 * all) and their read tool.
 */
export function buildToolSet(connections: readonly McpConnection[], limit: number, builtinCount: number): ToolSet {
  const resourceServers = connections.filter((c) => c.snapshot().state === 'connected' && c.catalog.offers.resources);
  const hidden = new Map<string, HiddenTools>();
  const offered = new Map<string, McpConnection['tools']>();
  for (const c of connections) {
    // A server's own tool named as the resource reader is left out: a rule for reading its resources must not cover it.
    const own = c.tools.filter((t) => t.name !== RESOURCE_READ_TOOL_NAME);
    const { offered: list, filtered, taskOnly } = configuredTools(c.config, own);
    offered.set(c.name, list);
    hidden.set(c.name, { filtered: filtered + c.tools.length - own.length, taskOnly, overLimit: 0 });
  }
  const counts = new Map([...offered].map(([server, list]) => [server, list.length]));
  const resourceToolCount = resourceServers.length ? resourceServers.length + 1 : 0;
  const builtins = builtinCount + resourceToolCount;
  const shares = shareBudget(counts, limit - builtins);
  const kept = new Map<string, McpConnection['tools']>();
  for (const [server, list] of offered) {
    const share = shares.get(server) ?? list.length;
    kept.set(server, list.slice(0, share));
    hidden.get(server)!.overLimit = list.length - Math.min(share, list.length);
  }
  const refs = [
    ...[...kept].flatMap(([server, list]) => list.map((t) => ({ server, tool: t.name }))),
    ...resourceServers.map((c) => ({ server: c.name, tool: READ_RESOURCE_REF })),
  ];
  // Built-in tools never start with `mcp_`, and the registry never lets a dynamic tool shadow one anyway.
  const names = assignToolNames(refs, new Set(), connections.map((c) => c.name));
  const nameOf = (server: string, tool: string): string | undefined => names.get(toolRefKey({ server, tool }));
  const tools: Tool[] = [];
  for (const connection of connections) {
    for (const definition of kept.get(connection.name) ?? []) {
      const name = nameOf(connection.name, definition.name);
      if (!name) continue;
      tools.push(
        createMcpTool({
          name,
          server: connection.name,
          definition,
          trusted: connection.config.trusted,
          call: (args, ctx) => callTool(connection, definition.name, args, ctx),
        }),
      );
    }
  }
  tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const readers = resourceServers.flatMap((connection) => {
    const readTool = nameOf(connection.name, READ_RESOURCE_REF);
    return readTool ? [{ connection, readTool }] : [];
  });
  const resourceTools = readers.length
    ? [createListResourcesTool(() => readers), ...readers.map(({ connection, readTool }) => createReadResourceTool(readTool, connection))]
    : [];
  return { tools, resourceTools, hidden, budget: budgetReport(counts, builtins, limit) };
}
