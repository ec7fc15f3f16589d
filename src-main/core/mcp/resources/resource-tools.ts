// The model's way to MCP resources: `list_resources` (every connected server's resources and templates) and one
// read tool per server that offers resources. Reading a resource the server listed is a read; a URI the model made
// up (a filled-in template, anything else) carries what the model chose to the server, so on an untrusted server
// it needs the user's yes like its tools.
import { z } from 'zod';
import { defineTool, fail, ok, type Tool } from '../../tools/tool';
import { markUntrusted } from '../../tools/untrusted';
import type { McpConnection } from '../mcp-connection';
import type { McpBackedTool } from '../../tools/approvals/mcp-tool-rule';
import { cleanServerLine } from '../server-text';
import { readResource } from './resource-read';

export const LIST_RESOURCES_TOOL = 'list_resources';
/** At most this many resources (and as many templates) of one server are listed. */
export const MAX_LISTED_RESOURCES = 200;
const DESCRIPTION_CHARS = 200;
const MAX_URI_CHARS = 2_048;

/** A server with resources and the name of its read tool. */
export interface ResourceServer {
  connection: McpConnection;
  readTool: string;
}

function entry(uri: string, info: { name: string; title?: string; mimeType?: string; description?: string }, changed: boolean): string {
  const title = cleanServerLine(info.title ?? info.name, DESCRIPTION_CHARS);
  const mime = info.mimeType ? ` (${cleanServerLine(info.mimeType, 80)})` : '';
  const description = info.description ? `: ${cleanServerLine(info.description, DESCRIPTION_CHARS)}` : '';
  return `- ${changed ? '[changed since you read it] ' : ''}${cleanServerLine(uri, MAX_URI_CHARS)} — ${title}${mime}${description}`;
}

function listing({ connection, readTool }: ResourceServer): string {
  const { resources, resourceTemplates } = connection.catalog;
  const lines = [`MCP server '${connection.name}' (read with ${readTool}):`];
  for (const r of resources.slice(0, MAX_LISTED_RESOURCES)) lines.push(entry(r.uri, r, connection.resources.changedSinceRead(r.uri)));
  if (resources.length > MAX_LISTED_RESOURCES) lines.push(`- … and ${resources.length - MAX_LISTED_RESOURCES} more`);
  if (!resources.length) lines.push('- (no resources listed)');
  if (resourceTemplates.length) {
    lines.push(`Templates (fill in the {…} parts and read the URI${connection.config.trusted ? '' : '; the user is asked first'}):`);
    for (const t of resourceTemplates.slice(0, MAX_LISTED_RESOURCES)) lines.push(entry(t.uriTemplate, t, false));
  }
  return lines.join('\n');
}

/** `list_resources { server? }`: what the connected servers offer to read (their own words: untrusted). */
export function createListResourcesTool(servers: () => ResourceServer[]): Tool {
  return defineTool({
    name: LIST_RESOURCES_TOOL,
    description:
      'Lists the resources (documents, files, records) that connected MCP servers offer, with the tool that reads each ' +
      "server's resources. Give `server` to list one server only.",
    params: z.strictObject({ server: z.string().max(200).optional().describe('Only this MCP server') }),
    category: 'read',
    async run(args) {
      const all = servers();
      const chosen = args.server === undefined ? all : all.filter((s) => s.connection.name === args.server);
      if (!chosen.length) {
        return fail('not_found', args.server === undefined ? 'Error: no connected MCP server offers resources' : `Error: MCP server '${args.server}' is not connected or offers no resources`);
      }
      return markUntrusted(ok(chosen.map(listing).join('\n\n')), 'MCP servers (their resource lists)');
    },
  }) as Tool;
}

/**
 * The own name the gate and rules know a server's read tool by (`server · resources/read`): the protocol method. A
 * server tool of that very name is never offered (see mcp-tool-set.ts), so a rule for reading resources covers no tool.
 */
export const RESOURCE_READ_TOOL_NAME = 'resources/read';

/** The read tool of one server (`mcp_<server>__read_resource`). */
export function createReadResourceTool(name: string, connection: McpConnection): McpBackedTool {
  const server = connection.name;
  const listed = (uri: string): boolean => connection.catalog.resources.some((r) => r.uri === uri);
  const tool = defineTool({
    name,
    description:
      `Reads a resource of MCP server '${server}' by its URI (from list_resources, or a resource link in a tool result). ` +
      'Text comes back as text, pictures as images; other binary content is described.',
    params: z.strictObject({ uri: z.string().min(1).max(MAX_URI_CHARS).describe('The resource URI') }),
    category: 'command',
    categoryFor: (args) => (connection.config.trusted || listed(args.uri) ? 'read' : 'command'),
    async run(args, ctx) {
      const read = await readResource(connection, args.uri, { signal: ctx.signal, vision: ctx.vision });
      if (!read.ok) {
        const { code, message } = read.error;
        return code === 'failed' ? markUntrusted(fail('failed', `Error: ${message}`), `MCP server '${server}' (resource ${args.uri})`) : fail(code, `Error: ${message}`);
      }
      return markUntrusted(ok(read.value.text, read.value.images), `MCP server '${server}' (resource ${cleanServerLine(args.uri, 300)})`);
    },
  });
  // The approval gate reads the server (per-server rules); `resources/read` stands for the protocol method.
  return Object.assign(tool as Tool, { mcpServer: server, mcpToolName: RESOURCE_READ_TOOL_NAME });
}
