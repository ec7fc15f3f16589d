// Set-up for import tests: a fake user HOME holding Claude Desktop's, Cursor's and VS Code's config files (the fixtures
// under tests/fixtures/mcp-import, their servers pointed at the stdio fixture server), and a core whose env is it.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createCore, type Core } from '../../../../src-main/core/nanotray-core';
import { makeTempHome, type TempHome } from '../../../helpers/temp-home';
import { FakeClock } from '../../../helpers/fake-clock';
import { fixtureOutsideTmp } from '../../../helpers/fixture-outside-tmp';
import { STDIO_FIXTURE } from '../mcp-test-kit';

export const IMPORT_FIXTURES = resolve(__dirname, '../../../fixtures/mcp-import');

export interface ImportWorld {
  /** The fake user home. */
  userHome: string;
  /** A project folder with .vscode/mcp.json and a damaged .cursor/mcp.json. */
  project: string;
  paths: { claude: string; cursor: string; vscode: string; vscodeWorkspace: string; cursorWorkspace: string };
  cleanup(): void;
}

/** Copies a fixture to `to`, its `__NODE__` / `__SERVER__` standing for node and the (sandbox-visible) fixture server. */
function place(fixture: string, to: string, server: string): void {
  mkdirSync(dirname(to), { recursive: true });
  const text = readFileSync(join(IMPORT_FIXTURES, fixture), 'utf8').replaceAll('__NODE__', process.execPath).replaceAll('__SERVER__', server);
  writeFileSync(to, text);
}

/** A Linux-laid-out user home with every client's file (`~/.config/Claude`, `~/.cursor`, `~/.config/Code/User`). */
export async function makeImportWorld(): Promise<ImportWorld> {
  const server = await fixtureOutsideTmp(STDIO_FIXTURE);
  const userHome = mkdtempSync('/var/tmp/nanotray-import-home-');
  const project = join(userHome, 'projects', 'demo');
  const paths = {
    claude: join(userHome, '.config', 'Claude', 'claude_desktop_config.json'),
    cursor: join(userHome, '.cursor', 'mcp.json'),
    vscode: join(userHome, '.config', 'Code', 'User', 'mcp.json'),
    vscodeWorkspace: join(project, '.vscode', 'mcp.json'),
    cursorWorkspace: join(project, '.cursor', 'mcp.json'),
  };
  place('claude_desktop_config.json', paths.claude, server);
  place('cursor-mcp.json', paths.cursor, server);
  place('vscode-user-mcp.json', paths.vscode, server);
  place('vscode-workspace-mcp.json', paths.vscodeWorkspace, server);
  mkdirSync(dirname(paths.cursorWorkspace), { recursive: true });
  copyFileSync(join(IMPORT_FIXTURES, 'cursor-workspace-malformed.json'), paths.cursorWorkspace);
  return { userHome, project, paths, cleanup: () => rmSync(userHome, { recursive: true, force: true }) };
}

/** A core on a temp Nanotray home whose user environment is `env` (HOME the fake one); approvals ask. */
export function importCore(env: NodeJS.ProcessEnv, mcpServers: Record<string, unknown> = {}): { core: Core; home: TempHome; close(): Promise<void> } {
  const home = makeTempHome({
    agent: { provider: 'test', model: 'fake-model' },
    providers: { test: { apiKey: 'sk-test-secret-key-123456', baseUrl: 'http://127.0.0.1:9/v1' } },
    heartbeat: { enable: false },
    mcpServers,
  });
  const created = createCore({ host: 'test', home: home.home, env, clock: new FakeClock(), startBackground: false });
  if (!created.ok) throw new Error(created.error);
  const core = created.value;
  return {
    core,
    home,
    async close() {
      await core.dispose();
      home.cleanup();
    },
  };
}
