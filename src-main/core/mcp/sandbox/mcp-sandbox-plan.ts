// What a sandboxed stdio MCP server sees: exec's sandbox plan with the server's own data folder as the one writable
// place (and its cwd) but for an installed extension's code in it, the workspace read-only or hidden, and the other
// servers' data and Nanotray's doors hidden.
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { planSandbox, type PlanMount, type SandboxPlan } from '../../tools/os-sandbox/sandbox-plan';
import { isInside } from '../../fence/path-guard';
import { NANOTRAY_HOME_ENTRY } from '../../config/home-paths';

/** Folder of every server's data folder, in Nanotray's home. */
export const MCP_DATA_DIR = 'mcp-data';

/**
 * An installed extension's code, inside its server's data folder: read-only to the server, so a server that was
 * talked into it cannot rewrite what runs the next time it starts.
 */
export const MCP_EXTENSION_DIR = 'extension';

/**
 * Nanotray's own entries in its home (settings, database, sign-ins, run/, every server's data, backups…): hidden
 * also where the workspace shows the home again (a workspace that is the home). The names are home-paths.ts's.
 */
function homeDoors(home: string): string[] {
  try {
    return readdirSync(home).filter((name) => NANOTRAY_HOME_ENTRY.test(name)).map((name) => join(home, name));
  } catch {
    return [];
  }
}

export interface McpSandboxPlanInput {
  /** Real path of the server's data folder (exists): writable, its cwd, its HOME. */
  dataDir: string;
  /** Real path of the workspace. */
  workspace: string;
  workspaceAccess: 'read-only' | 'hidden';
  /** The server's working directory (the data folder unless the config names one). */
  cwd: string;
  nanotrayHome: string;
  userHome: string;
  runtimeDir?: string;
}

function existing(path: string): { path: string; dir: boolean } | undefined {
  try {
    const real = realpathSync.native(path);
    return { path: real, dir: statSync(real).isDirectory() };
  } catch {
    return undefined;
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

const depth = (p: string): number => p.split('/').filter(Boolean).length;

/**
 * Exec's plan made with the data folder as its "workspace" (the only writable place; the home, credential stores,
 * session sockets and $XDG_RUNTIME_DIR hidden), then the real workspace added read-only or hidden, and the home's
 * doors hidden under it, the mounts again ordered by depth (a deeper mount wins). Its network is bwrap's own
 * namespace: what it reaches goes through Nanotray's egress proxy (server-egress.ts).
 */
export function planMcpSandbox(input: McpSandboxPlanInput): SandboxPlan {
  const base = planSandbox({
    workspace: input.dataDir,
    cwd: input.cwd,
    nanotrayHome: input.nanotrayHome,
    userHome: input.userHome,
    ...(input.runtimeDir ? { runtimeDir: input.runtimeDir } : {}),
  });
  const mounts = new Map<string, PlanMount>(base.mounts.map((m) => [m.path, m]));
  const workspace = realOrSelf(input.workspace);
  if (workspace !== input.dataDir) {
    // Read-only over a hide of the very same folder (a workspace that is the home); hidden folders deeper stay hidden.
    mounts.set(workspace, input.workspaceAccess === 'read-only' ? { kind: 'read-only', path: workspace, exists: true } : { kind: 'hide-dir', path: workspace });
  }
  if (input.nanotrayHome) {
    for (const door of homeDoors(input.nanotrayHome)) {
      const found = existing(door);
      // only where the workspace shows the home again; the data folder itself stays bound over the hidden mcp-data
      if (!found || !isInside(workspace, found.path) || mounts.has(found.path) || isInside(found.path, workspace)) continue;
      mounts.set(found.path, { kind: found.dir ? 'hide-dir' : 'hide-file', path: found.path });
    }
  }
  const code = existing(join(input.dataDir, MCP_EXTENSION_DIR));
  if (code?.dir && isInside(input.dataDir, code.path)) mounts.set(code.path, { kind: 'read-only', path: code.path, exists: true });
  const ordered = [...mounts.values()].sort((a, b) => depth(a.path) - depth(b.path));
  return { cwd: input.cwd, mounts: ordered };
}
