// Wraps one tool of an MCP server as a registry Tool: schema from the server, approval category from config and
// (only for trusted servers) its annotations.
import { z } from 'zod';
import type { ApprovalCategory } from '../../../src-preload/contract/event-schemas';
import type { Tool, ToolContext, ToolResult } from '../tools/tool';
import type { McpBackedTool } from '../tools/approvals/mcp-tool-rule';

/** A tool as an MCP server lists it (the parts we use). */
export interface McpToolDefinition {
  name: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: { readOnlyHint?: boolean; title?: string };
  /** `taskSupport: 'required'`: the tool runs only as an MCP task (see tool-budget.ts). */
  execution?: { taskSupport?: string };
}

/** The MCP server behind a tool, or undefined for built-in tools. */
export function mcpServerOf(tool: Tool): string | undefined {
  const server = (tool as Partial<McpBackedTool>).mcpServer;
  return typeof server === 'string' ? server : undefined;
}

/**
 * `read` only for a tool that declares `readOnlyHint` on a server the user marked `trusted`; everything else is
 * `command` (the strictest). A server's annotations are its own claims: an untrusted server could call its
 * exfiltration tool read-only, so they count only where the user vouched for the server.
 */
export function mcpToolCategory(definition: McpToolDefinition, trusted: boolean): ApprovalCategory {
  return trusted && definition.annotations?.readOnlyHint === true ? 'read' : 'command';
}

/**
 * Parameters: any JSON object, described to the model by the server's own JSON Schema (carried as zod
 * metadata, which z.toJSONSchema merges into its output). The server validates the arguments itself.
 */
function paramsFromInputSchema(inputSchema: Record<string, unknown> | undefined): z.ZodType {
  const { $schema: _schema, $id: _dollarId, id: _id, ...schema } = inputSchema ?? {};
  return z.looseObject({}).meta({ ...schema, type: 'object' });
}

export interface CreateMcpToolOptions {
  /** Model-facing name (already sanitised and unique). */
  name: string;
  server: string;
  definition: McpToolDefinition;
  trusted: boolean;
  call(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
}

export function createMcpTool(options: CreateMcpToolOptions): McpBackedTool {
  const { definition, server } = options;
  const description = (definition.description?.trim() || definition.annotations?.title || definition.name).trim();
  return {
    name: options.name,
    description: `${description}\n(Tool '${definition.name}' of MCP server '${server}'.)`,
    params: paramsFromInputSchema(definition.inputSchema),
    category: mcpToolCategory(definition, options.trusted),
    mcpServer: server,
    mcpToolName: definition.name,
    // The registry validated `args` against a loose object schema, so it is a plain object here.
    run: (args, ctx) => options.call(args as Record<string, unknown>, ctx),
  };
}
