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
  /** What running hosts leave for the next run: the browser host's port and access token (web-host.json), its launcher. */
  runDir: string;
  webHostStateFile: string;
}

/**
 * The names of Nanotray's own entries in its home, with the spellings of their temp and backup files
 * (`.config.json.1a2b.tmp`, `nanotray.db-wal`, `config.json.bak`): its settings and keys, database, MCP sign-ins,
 * locks, caches, run state, logs and backups. Every path of HomePaths but the workspace starts with one of them (a
 * test holds that), so something new in the home is covered once it is named there. Hidden from the sandbox and
 * refused by the file tools also when the workspace is the home itself.
 */
export const NANOTRAY_HOME_ENTRY = /^\.?(?:config\.json|nanotray\.db|mcp-auth\.json|mcp-data|scheduler\.lock|cache|run|logs?|backups?)(?:$|[.-])/i;

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
    runDir: join(home, 'run'),
    webHostStateFile: join(home, 'run', 'web-host.json'),
  };
}

/** The workspace folder the config points at (absolute), or the default one. */
export function resolveWorkspace(paths: HomePaths, configured: string): string {
  return configured.trim() ? resolve(paths.home, expandHome(configured.trim())) : paths.defaultWorkspace;
}
