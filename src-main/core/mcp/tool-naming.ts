// Model-facing names for MCP tools: `mcp_<server>_<tool>`, sanitised to ^[a-zA-Z0-9_-]{1,64}$, collisions resolved
// (servers whose names clean alike each get a hash of their real name).
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

/** `mcp_<serverPart>_<tool>`; a name over 64 characters is cut and given a hash of the originals. */
function nameFrom(serverPart: string, server: string, tool: string): string {
  const raw = `mcp_${serverPart}_${sanitizeNamePart(tool)}`;
  return raw.length <= MAX_TOOL_NAME_CHARS ? raw : withHash(raw, shortHash(server, tool));
}

/** The name before collision handling; a name over 64 characters is cut and given a hash of the originals. */
export function baseToolName(server: string, tool: string): string {
  return nameFrom(sanitizeNamePart(server), server, tool);
}

/**
 * Each server's part of its tool names: its cleaned name, or, where two servers clean to the same name (`my.files`,
 * `my_files`), the cleaned name and a hash of the real one for every one of them. So neither takes the plain names
 * (whichever sorted first did), and each keeps its names whatever else is configured or connected first.
 */
export function serverNameParts(servers: Iterable<string>): Map<string, string> {
  const byCleaned = new Map<string, string[]>();
  for (const server of new Set(servers)) {
    const cleaned = sanitizeNamePart(server);
    byCleaned.set(cleaned, [...(byCleaned.get(cleaned) ?? []), server]);
  }
  const parts = new Map<string, string>();
  for (const [cleaned, group] of byCleaned) {
    for (const server of group) parts.set(server, group.length > 1 ? `${cleaned}_${shortHash(server)}` : cleaned);
  }
  return parts;
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
 * Names every (server, tool) pair uniquely and deterministically: servers whose names clean alike all carry a hash of
 * their real name (see serverNameParts; `servers` lists every configured server, connected or not); then pairs are
 * taken in (server, tool) order, the first keeps its name, a later pair whose name is taken (`a` + `b_c` against
 * `a_b` + `c`) gets `_<hash of server and tool>`. Names in `reserved` (built-in tools) are never handed out.
 */
export function assignToolNames(
  refs: readonly McpToolRef[],
  reserved: ReadonlySet<string> = new Set(),
  servers: readonly string[] = [],
): Map<string, string> {
  const sorted = [...refs].sort((a, b) => compare(a.server, b.server) || compare(a.tool, b.tool));
  const parts = serverNameParts([...servers, ...refs.map((r) => r.server)]);
  const taken = new Set(reserved);
  const names = new Map<string, string>();
  for (const ref of sorted) {
    const base = nameFrom(parts.get(ref.server) ?? sanitizeNamePart(ref.server), ref.server, ref.tool);
    let name = base;
    for (let attempt = 0; taken.has(name); attempt++) {
      name = withHash(base, shortHash(ref.server, ref.tool, String(attempt)));
    }
    taken.add(name);
    names.set(toolRefKey(ref), name);
  }
  return names;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
