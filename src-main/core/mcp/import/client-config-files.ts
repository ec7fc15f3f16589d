// Where Claude Desktop, Cursor and VS Code keep the MCP servers a user configured, on each platform: the user's
// files and, for a workspace, its `.cursor/mcp.json` and `.vscode/mcp.json`.
import { join } from 'node:path';
import type { ImportClient } from '../../../../src-preload/contract/mcp-import-schemas';

/** One config file to look at. */
export interface ClientConfigFile {
  client: ImportClient;
  scope: 'user' | 'workspace';
  path: string;
  /** The folder `${workspaceFolder}` stands for (workspace files only). */
  workspaceFolder?: string;
}

export interface ConfigPlaces {
  platform: NodeJS.Platform;
  /** The user's home folder. */
  home: string;
  /** The environment (APPDATA on Windows, XDG_CONFIG_HOME elsewhere). */
  env: NodeJS.ProcessEnv;
  /** A project folder whose workspace files are read too. */
  workspace?: string;
}

/** The per-user application data folder: `%APPDATA%`, `~/Library/Application Support`, `$XDG_CONFIG_HOME` or `~/.config`. */
function appDataFolder(places: ConfigPlaces): string {
  if (places.platform === 'win32') return places.env.APPDATA || join(places.home, 'AppData', 'Roaming');
  if (places.platform === 'darwin') return join(places.home, 'Library', 'Application Support');
  return places.env.XDG_CONFIG_HOME || join(places.home, '.config');
}

/** Every file the import reads, in the order it lists them. */
export function clientConfigFiles(places: ConfigPlaces): ClientConfigFile[] {
  const appData = appDataFolder(places);
  const files: ClientConfigFile[] = [
    { client: 'claude-desktop', scope: 'user', path: join(appData, 'Claude', 'claude_desktop_config.json') },
    { client: 'cursor', scope: 'user', path: join(places.home, '.cursor', 'mcp.json') },
    { client: 'vscode', scope: 'user', path: join(appData, 'Code', 'User', 'mcp.json') },
  ];
  const ws = places.workspace;
  if (ws) {
    files.push(
      { client: 'cursor', scope: 'workspace', path: join(ws, '.cursor', 'mcp.json'), workspaceFolder: ws },
      { client: 'vscode', scope: 'workspace', path: join(ws, '.vscode', 'mcp.json'), workspaceFolder: ws },
    );
  }
  return files;
}
