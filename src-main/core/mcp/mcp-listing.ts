// Lists every tool of a connected MCP server, page by page.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpToolDefinition } from './mcp-tool';

/** All tools of the server, following `nextCursor` to the end. */
export async function listAllTools(client: Client): Promise<McpToolDefinition[]> {
  const tools: McpToolDefinition[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined);
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}
