// What one MCP server offers (tools, resources, resource templates, prompts, instructions), listed by the
// capabilities it declared: a server without tools is healthy, it is never asked for tools/list.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpToolDefinition } from './mcp-tool';

/** A resource as a server lists it (the parts we use). */
export interface McpResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

/** A parameterised resource (`file:///{path}`): the model fills in the URI, so reading one is never a plain read. */
export interface McpResourceTemplateInfo {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface McpPromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

export interface McpPromptInfo {
  name: string;
  title?: string;
  description?: string;
  arguments: McpPromptArgument[];
}

/** The capabilities of a server that decide what we ask it for. */
export interface ServerOffers {
  tools: boolean;
  resources: boolean;
  resourceSubscribe: boolean;
  prompts: boolean;
  completions: boolean;
}

export interface ServerCatalog {
  offers: ServerOffers;
  tools: McpToolDefinition[];
  resources: McpResourceInfo[];
  resourceTemplates: McpResourceTemplateInfo[];
  prompts: McpPromptInfo[];
  /** The server's `instructions` from initialize (its own text: untrusted). */
  instructions?: string;
}

/** A hostile server could page forever: at most this many entries of one kind are kept. */
export const MAX_LISTED = 2_000;

export const EMPTY_CATALOG: ServerCatalog = {
  offers: { tools: false, resources: false, resourceSubscribe: false, prompts: false, completions: false },
  tools: [],
  resources: [],
  resourceTemplates: [],
  prompts: [],
};

/** What the connected server declared at initialize. */
export function offersOf(client: Client): ServerOffers {
  const caps = client.getServerCapabilities() ?? {};
  return {
    tools: Boolean(caps.tools),
    resources: Boolean(caps.resources),
    resourceSubscribe: Boolean(caps.resources?.subscribe),
    prompts: Boolean(caps.prompts),
    completions: Boolean(caps.completions),
  };
}

type Page<T> = { items: T[]; nextCursor?: string };

/** Follows cursors until the end or MAX_LISTED entries. */
async function listAll<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && items.length < MAX_LISTED);
  return items.slice(0, MAX_LISTED);
}

const params = (cursor: string | undefined) => (cursor ? { cursor } : undefined);

export function listTools(client: Client): Promise<McpToolDefinition[]> {
  return listAll(async (cursor) => {
    const page = await client.listTools(params(cursor));
    return { items: page.tools as McpToolDefinition[], nextCursor: page.nextCursor };
  });
}

export function listResources(client: Client): Promise<McpResourceInfo[]> {
  return listAll(async (cursor) => {
    const page = await client.listResources(params(cursor));
    return { items: page.resources, nextCursor: page.nextCursor };
  });
}

export function listResourceTemplates(client: Client): Promise<McpResourceTemplateInfo[]> {
  return listAll(async (cursor) => {
    const page = await client.listResourceTemplates(params(cursor));
    return { items: page.resourceTemplates, nextCursor: page.nextCursor };
  });
}

export function listPrompts(client: Client): Promise<McpPromptInfo[]> {
  return listAll(async (cursor) => {
    const page = await client.listPrompts(params(cursor));
    return { items: page.prompts.map((p) => ({ ...p, arguments: p.arguments ?? [] })), nextCursor: page.nextCursor };
  });
}

/**
 * Lists everything the server declared. Tools are required when declared (a failing tools/list fails the
 * connect, as before); resources and prompts are extras: a failure there leaves them empty.
 */
export async function listCatalog(client: Client): Promise<ServerCatalog> {
  const offers = offersOf(client);
  const optional = <T>(listing: Promise<T[]>): Promise<T[]> => listing.catch(() => []);
  const [tools, resources, resourceTemplates, prompts] = await Promise.all([
    offers.tools ? listTools(client) : Promise.resolve([]),
    offers.resources ? optional(listResources(client)) : Promise.resolve([]),
    offers.resources ? optional(listResourceTemplates(client)) : Promise.resolve([]),
    offers.prompts ? optional(listPrompts(client)) : Promise.resolve([]),
  ]);
  const instructions = client.getInstructions()?.trim();
  return { offers, tools, resources, resourceTemplates, prompts, ...(instructions ? { instructions } : {}) };
}
