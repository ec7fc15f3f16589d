// Where Nanotray keeps its files: NANOTRAY_HOME (default ~/.nanotray) and the paths inside it.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface HomePaths {
  home: string;
  configFile: string;
  dbFile: string;
  /** OAuth tokens and client registrations of MCP servers (0600; encrypted where the host can). */
  mcpAuthFile: string;
  /** Held by the one process that runs heartbeat and cron (a small SQLite file of its own). */
  schedulerLock: string;
  /** The default workspace; `agent.workspace` may point elsewhere. */
  defaultWorkspace: string;
  /** Parsed SKILL.md front matter by its text (a cache: deleting it costs one YAML parse per skill). */
  frontMatterCache: string;
}

export function expandHome(p: string): string {
  if (p === '~') return homedir();
  if (p.startsWith('~/') || p.startsWith('~\\')) return join(homedir(), p.slice(2));
  return p;
}

export function resolveHomePaths(env: NodeJS.ProcessEnv = process.env): HomePaths {
  const home = resolve(expandHome(env.NANOTRAY_HOME?.trim() || join(homedir(), '.nanotray')));
  return {
    home,
    configFile: join(home, 'config.json'),
    dbFile: join(home, 'nanotray.db'),
    mcpAuthFile: join(home, 'mcp-auth.json'),
    schedulerLock: join(home, 'scheduler.lock'),
    defaultWorkspace: join(home, 'workspace'),
    frontMatterCache: join(home, 'cache', 'front-matter.json'),
  };
}

/** The workspace folder the config points at (absolute), or the default one. */
export function resolveWorkspace(paths: HomePaths, configured: string): string {
  return configured.trim() ? resolve(paths.home, expandHome(configured.trim())) : paths.defaultWorkspace;
}
