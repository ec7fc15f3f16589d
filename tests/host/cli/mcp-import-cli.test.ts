// `nanotray mcp import` and `nanotray mcp install`: the numbered list (what each server runs, where it came from,
// taken names, damaged files), the choice and the asked values typed on the terminal, no secret value printed.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { captureIo, useCliHarness } from './cli-harness';
import { makeImportWorld, type ImportWorld } from '../../core/mcp/import/import-kit';
import { fixtureBundle } from '../../core/mcp/import/bundle-kit';

const t = useCliHarness({ approvalMode: 'auto' });
let world: ImportWorld | undefined;
afterEach(() => {
  world?.cleanup();
  world = undefined;
});

const SECRETS = ['claude-env-secret-value-1234', 'cursor-header-secret-5678', 'typed-token-value-3456'];

describe('nanotray mcp import', () => {
  it('lists the servers numbered, with what they run and where from, and adds the picked ones', async () => {
    world = await makeImportWorld();
    t.open({ mcpServers: { files: { command: 'node', args: ['x.js'] } } });
    const io = captureIo(t.env({ HOME: world.userHome }), true);
    io.stdin.write('1,5\ntyped-token-value-3456\n');
    const run = await t.run(['mcp', 'import', '--workspace', world.project], io);
    expect(run.err).toContain('Add which? Numbers (e.g. 1,3), "all", or Enter for none: ');
    expect(run.err).toContain('  tokened: Fixture API token (not shown): ');
    expect(run.out).toContain('MCP servers configured in other apps:\n  1. files  (Claude Desktop, ~/.config/Claude/claude_desktop_config.json)\n');
    expect(run.out).toContain(`       runs: ${process.execPath} `);
    expect(run.out).toContain('       env: FIXTURE_VAR (values not shown)\n');
    expect(run.out).toContain("       a server 'files' exists here: it would be added as 'files-2'\n");
    expect(run.out).toContain('  4. remote-docs  (Cursor, ~/.cursor/mcp.json)\n       runs: HTTP http://127.0.0.1:9/mcp\n       headers: Authorization (values not shown)\n');
    expect(run.out).toContain('  7. ws  (VS Code (workspace), ~/projects/demo/.vscode/mcp.json)');
    expect(run.out).toContain("Could not read Cursor's ~/projects/demo/.cursor/mcp.json: it is not valid JSON");
    expect(run.out).toContain("Added 'files-2' (untrusted, sandboxed): connected.\nAdded 'tokened' (untrusted, sandboxed): connected.\n");
    expect(run.code).toBe(0);
    for (const secret of SECRETS) expect(run.out + run.err).not.toContain(secret);
    const saved = JSON.parse(readFileSync(t.home.configFile, 'utf8')).mcpServers;
    expect(Object.keys(saved)).toEqual(['files', 'files-2', 'tokened']);
    expect(saved.tokened).toMatchObject({ trusted: false, sandbox: true, env: { FIXTURE_VAR: 'typed-token-value-3456' } });
  });

  it('without a terminal lists only, and says how to choose', async () => {
    world = await makeImportWorld();
    t.open();
    const run = await t.run(['mcp', 'import', '--workspace', world.project], captureIo(t.env({ HOME: world.userHome })));
    expect(run.code).toBe(0);
    expect(run.err).toBe('Nothing added: choose with --pick 1,3 (or --all), or run this on a terminal.\n');
    expect(JSON.parse(readFileSync(t.home.configFile, 'utf8')).mcpServers ?? {}).toEqual({});
  });

  it('with --pick adds without asking, and skips a server that needs a value nobody can type', async () => {
    world = await makeImportWorld();
    t.open();
    const run = await t.run(['mcp', 'import', '--workspace', world.project, '--pick', '2,5'], captureIo(t.env({ HOME: world.userHome })));
    expect(run.err).toContain('Skipped tokened: it needs Fixture API token.');
    expect(run.out).toContain("Added 'Memory-Bank' (untrusted, sandboxed): connected.");
    expect(Object.keys(JSON.parse(readFileSync(t.home.configFile, 'utf8')).mcpServers)).toEqual(['Memory-Bank']);
  });

  it('refuses a pick that is no number in the list', async () => {
    world = await makeImportWorld();
    t.open();
    const run = await t.run(['mcp', 'import', '--workspace', world.project, '--pick', '9'], captureIo(t.env({ HOME: world.userHome })));
    expect(run.code).toBe(2);
    expect(run.err).toContain('"9" is not a list of numbers from 1 to 7');
  });
});

describe('nanotray mcp install', () => {
  it('shows the bundle, asks its settings (the key unseen), installs it and it connects', async () => {
    t.open();
    const file = await fixtureBundle(t.home.home);
    const io = captureIo(t.env(), true);
    io.stdin.write('bundle-api-key-secret-4321\n\n7\n');
    const run = await t.run(['mcp', 'install', file], io);
    expect(run.out).toContain('Fixture Notes 1.2.0 by Nanotray tests (node server)');
    expect(run.out).toContain("would be added as 'fixture-notes', untrusted, in the OS sandbox");
    expect(run.err).toContain('  API key — Key for the notes service [not shown]: ');
    expect(run.err).toContain('  Label [default bundled]: ');
    expect(run.err).toContain('  Page size [number; default 5]: ');
    expect(run.out).toMatch(/Installed 'fixture-notes' in .*mcp-data\/fixture-notes\/extension \(untrusted, sandboxed\): connected\./);
    expect(run.code).toBe(0);
    expect(run.out + run.err).not.toContain('bundle-api-key-secret-4321');
  });
});
