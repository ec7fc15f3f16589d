// Model-facing names for MCP tools: `mcp_<server>_<tool>`, sanitised to ^[a-zA-Z0-9_-]{1,64}$, collisions resolved.
import { createHash } from 'node:crypto';

export const MAX_TOOL_NAME_CHARS = 64;
const HASH_CHARS = 6;

/** Every character a model may not see in a tool name becomes `_`. */
export function sanitizeNamePart(part: string): string {
  return part.replace(/[^a-zA-Z0-9_-]/g, '_') || '_';
}

function shortHash(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, HASH_CHARS);
}

function withHash(base: string, hash: string): string {
  return `${base.slice(0, MAX_TOOL_NAME_CHARS - HASH_CHARS - 1)}_${hash}`;
}

/** The name before collision handling; a name over 64 characters is cut and given a hash of the originals. */
export function baseToolName(server: string, tool: string): string {
  const raw = `mcp_${sanitizeNamePart(server)}_${sanitizeNamePart(tool)}`;
  return raw.length <= MAX_TOOL_NAME_CHARS ? raw : withHash(raw, shortHash(server, tool));
}

export interface McpToolRef {
  server: string;
  tool: string;
}

/** Key of a (server, tool) pair in the map `assignToolNames` returns. */
export function toolRefKey(ref: McpToolRef): string {
  return `${ref.server}\u0000${ref.tool}`;
}

/**
 * Names every (server, tool) pair uniquely and deterministically: pairs are taken in (server, tool) order;
 * the first keeps the plain name, a later pair whose name is taken gets `_<hash of server and tool>`.
 * Names in `reserved` (built-in tools) are never handed out.
 */
export function assignToolNames(refs: readonly McpToolRef[], reserved: ReadonlySet<string> = new Set()): Map<string, string> {
  const sorted = [...refs].sort((a, b) => compare(a.server, b.server) || compare(a.tool, b.tool));
  const taken = new Set(reserved);
  const names = new Map<string, string>();
  for (const ref of sorted) {
    let name = baseToolName(ref.server, ref.tool);
    for (let attempt = 0; taken.has(name); attempt++) {
      name = withHash(baseToolName(ref.server, ref.tool), shortHash(ref.server, ref.tool, String(attempt)));
    }
    taken.add(name);
    names.set(toolRefKey(ref), name);
  }
  return names;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
