// Importing MCP servers from Claude Desktop, Cursor and VS Code config files of real shape in a fake HOME: listed with
// what they run and where from (no secret values), a damaged file named while the others are listed, variables
// filled or asked, and the chosen servers added untrusted, sandboxed, and connected.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importCore, makeImportWorld, type ImportWorld } from './import-kit';

let world: ImportWorld | undefined;
let opened: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await opened?.close();
  world?.cleanup();
  opened = world = undefined;
});

async function open(extraEnv: NodeJS.ProcessEnv = {}, mcpServers: Record<string, unknown> = {}) {
  world = await makeImportWorld();
  const t = importCore({ HOME: world.userHome, PATH: process.env.PATH, ...extraEnv }, mcpServers);
  opened = t;
  return { ...t, world };
}

describe('mcp import', () => {
  it('lists every client\'s servers with where they came from, names apart, and never a secret value', async () => {
    const { core, world } = await open({}, { files: { command: 'node', args: ['x.js'] } });
    const scan = await core.mcpImport.scan({ workspace: world.project });
    const rows = scan.candidates.map((c) => [c.client, c.scope, c.name, c.suggestedName, c.exists, c.transport]);
    expect(rows).toEqual([
      ['claude-desktop', 'user', 'files', 'files-2', true, 'stdio'],
      ['claude-desktop', 'user', 'Memory Bank', 'Memory-Bank', false, 'stdio'],
      ['cursor', 'user', 'files', 'files-3', true, 'stdio'],
      ['cursor', 'user', 'remote-docs', 'remote-docs', false, 'http'],
      ['vscode', 'user', 'tokened', 'tokened', false, 'stdio'],
      ['vscode', 'user', 'web', 'web', false, 'http'],
      ['vscode', 'workspace', 'ws', 'ws', false, 'stdio'],
    ]);
    const byName = (client: string, name: string) => scan.candidates.find((c) => c.client === client && c.name === name)!;
    expect(byName('claude-desktop', 'files')).toMatchObject({ file: world.paths.claude, command: process.execPath, envKeys: ['FIXTURE_VAR'], needs: [] });
    expect(byName('cursor', 'remote-docs')).toMatchObject({ url: 'http://127.0.0.1:9/mcp', headerKeys: ['Authorization'] });
    expect(byName('cursor', 'files').needs).toEqual([{ id: 'env:CURSOR_FIXTURE_TOKEN', description: 'environment variable CURSOR_FIXTURE_TOKEN (not set here)', password: true }]);
    expect(byName('vscode', 'tokened').needs).toEqual([{ id: 'input:fixture-token', description: 'Fixture API token', password: true }]);
    expect(scan.errors).toEqual([{ client: 'cursor', file: world.paths.cursorWorkspace, code: 'malformed', message: expect.stringMatching(/^it is not valid JSON/) }]);
    expect(scan.searched).toContain(world.paths.vscodeWorkspace);
    const shown = JSON.stringify(scan);
    for (const secret of ['claude-env-secret-value-1234', 'cursor-header-secret-5678', 'Bearer']) expect(shown).not.toContain(secret);
  });

  it('adds the chosen servers untrusted and sandboxed, fills variables and answers, and they connect', async () => {
    const { core, home, world } = await open({ CURSOR_FIXTURE_TOKEN: 'cursor-token-from-env-9012' });
    const scan = await core.mcpImport.scan({ workspace: world.project });
    expect(scan.sandbox).toBe(true);
    const id = (client: string, name: string) => scan.candidates.find((c) => c.client === client && c.name === name)!.id;
    const outcomes = await core.mcpImport.add(
      [
        { id: id('claude-desktop', 'files') },
        { id: id('cursor', 'files') },
        { id: id('vscode', 'tokened'), values: { 'input:fixture-token': 'typed-token-value-3456' } },
        { id: id('vscode', 'ws') },
      ],
      { workspace: world.project },
    );
    expect(outcomes.map((o) => [o.name, o.added, o.message, o.sandboxed])).toEqual([
      ['files', true, 'connected', true],
      ['files-2', true, 'connected', true],
      ['tokened', true, 'connected', true],
      ['ws', true, 'connected', true],
    ]);
    const saved = JSON.parse(readFileSync(home.configFile, 'utf8')).mcpServers;
    expect(saved['files-2']).toMatchObject({ trusted: false, sandbox: true, env: { FIXTURE_VAR: 'cursor-token-from-env-9012' } });
    expect(saved.tokened.env).toEqual({ FIXTURE_VAR: 'typed-token-value-3456' });
    expect(saved.ws.env).toEqual({ FIXTURE_VAR: 'demo' });
    const status = core.mcp.status();
    expect(status.map((s) => [s.name, s.state, s.trusted, s.sandbox])).toEqual([
      ['files', 'connected', false, 'on'],
      ['files-2', 'connected', false, 'on'],
      ['tokened', 'connected', false, 'on'],
      ['ws', 'connected', false, 'on'],
    ]);
    expect(status[0]!.tools).toContain('mcp_files_echo');
  });

  it("reads a VS Code server's envFile: its names listed, never its values; the server's own env wins", async () => {
    const { core, home, world } = await open();
    writeFileSync(join(world.project, '.env'), '# the project\'s keys\nFIXTURE_VAR=from-the-env-file-7788\nexport REGION="eu west"\nMODE=file\n');
    const server = JSON.parse(readFileSync(world.paths.vscodeWorkspace, 'utf8')).servers.ws;
    writeFileSync(world.paths.vscodeWorkspace, JSON.stringify({ servers: { ws: { ...server, env: { MODE: 'explicit' }, envFile: '${workspaceFolder}/.env' } } }));
    const scan = await core.mcpImport.scan({ workspace: world.project });
    const ws = scan.candidates.find((c) => c.client === 'vscode' && c.name === 'ws')!;
    expect(ws.unsupported).toBeUndefined();
    expect(ws.envKeys.sort()).toEqual(['FIXTURE_VAR', 'MODE', 'REGION']);
    expect(JSON.stringify(scan)).not.toContain('from-the-env-file-7788');
    const [outcome] = await core.mcpImport.add([{ id: ws.id }], { workspace: world.project });
    expect(outcome).toMatchObject({ added: true, message: 'connected' });
    expect(JSON.parse(readFileSync(home.configFile, 'utf8')).mcpServers.ws.env).toEqual({ FIXTURE_VAR: 'from-the-env-file-7788', REGION: 'eu west', MODE: 'explicit' });
  });

  it('names an envFile that is missing, and adds nothing for it', async () => {
    const { core, home, world } = await open();
    const server = JSON.parse(readFileSync(world.paths.vscodeWorkspace, 'utf8')).servers.ws;
    writeFileSync(world.paths.vscodeWorkspace, JSON.stringify({ servers: { ws: { ...server, envFile: '.env.local' } } }));
    const scan = await core.mcpImport.scan({ workspace: world.project });
    const ws = scan.candidates.find((c) => c.client === 'vscode' && c.name === 'ws')!;
    expect(ws.unsupported).toBe('its envFile .env.local could not be read (ENOENT)');
    const [outcome] = await core.mcpImport.add([{ id: ws.id }], { workspace: world.project });
    expect(outcome).toMatchObject({ added: false, message: 'It cannot be added: its envFile .env.local could not be read (ENOENT).' });
    expect(JSON.parse(readFileSync(home.configFile, 'utf8')).mcpServers.ws).toBeUndefined();
  });

  it('refuses a server whose prompted value was not given, and adds an HTTP one with its headers', async () => {
    const { core, home, world } = await open();
    const scan = await core.mcpImport.scan({ workspace: world.project });
    const id = (client: string, name: string) => scan.candidates.find((c) => c.client === client && c.name === name)!.id;
    const outcomes = await core.mcpImport.add([{ id: id('vscode', 'tokened') }, { id: id('vscode', 'web'), values: { 'input:fixture-token': 'header-token-7890' } }]);
    expect(outcomes[0]).toMatchObject({ name: 'tokened', added: false, message: 'It needs Fixture API token.' });
    expect(outcomes[1]).toMatchObject({ name: 'web', added: true, sandboxed: false });
    const saved = JSON.parse(readFileSync(home.configFile, 'utf8')).mcpServers;
    expect(saved.web).toEqual({ url: 'http://127.0.0.1:9/mcp', headers: { 'X-Api-Key': 'header-token-7890' }, trusted: false });
    expect(saved.tokened).toBeUndefined();
  });
});
