// Installing a Claude Desktop extension (.mcpb) made in the test: read and shown, its settings checked, unpacked
// into the server's folder in Nanotray's home, added untrusted and sandboxed, and connected; refused whole when a
// setting is missing or the bundle would put a secret on the command line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importCore } from './import-kit';
import { coreToolContext } from '../../../helpers/core-tool-context';
import { fixtureBundleBytes, fixtureManifest } from './bundle-kit';

let opened: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

function open() {
  const t = importCore({ HOME: '/home/nobody', PATH: process.env.PATH });
  opened = t;
  return t;
}

describe('mcpb bundles', () => {
  it('reads the manifest, asks its settings, unpacks it and the server connects', async () => {
    const { core, home } = open();
    const preview = await core.mcpImport.readBundle(await fixtureBundleBytes());
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.value).toMatchObject({
      name: 'fixture-notes',
      displayName: 'Fixture Notes',
      serverType: 'node',
      suggestedName: 'fixture-notes',
      command: 'node',
      args: ['${__dirname}/server/index.mjs', '${user_config.label}'],
      sandbox: true,
    });
    expect(preview.value.settings).toEqual([
      { key: 'api_key', type: 'string', title: 'API key', description: 'Key for the notes service', required: true, sensitive: true, multiple: false },
      { key: 'label', type: 'string', title: 'Label', description: '', required: false, sensitive: false, multiple: false, default: 'bundled' },
      { key: 'page_size', type: 'number', title: 'Page size', description: '', required: false, sensitive: false, multiple: false, default: '5', min: 1, max: 50 },
    ]);
    const installed = await core.mcpImport.installBundle(preview.value.token, { values: { api_key: 'bundle-api-key-secret-4321', page_size: '7' } });
    if (!installed.ok) throw new Error(installed.error.message);
    const folder = join(home.home, 'mcp-data', 'fixture-notes', 'extension');
    expect(installed.value).toEqual({ name: 'fixture-notes', added: true, message: 'connected', sandboxed: true, folder });
    expect(readdirSync(folder).sort()).toEqual(['manifest.json', 'server']);
    const saved = JSON.parse(readFileSync(home.configFile, 'utf8')).mcpServers['fixture-notes'];
    expect(saved).toEqual({
      command: 'node',
      args: [join(folder, 'server', 'index.mjs'), 'bundled'],
      env: { FIXTURE_VAR: 'bundle-api-key-secret-4321', PAGE_SIZE: '7' },
      cwd: folder,
      trusted: false,
      sandbox: true,
    });
    const status = core.mcp.status()[0]!;
    expect(status).toMatchObject({ name: 'fixture-notes', state: 'connected', trusted: false, sandbox: 'on' });
    expect(status.tools).toContain('mcp_fixture-notes_echo');
    // untrusted: never run unasked (mode ask, nobody to answer); allowed once by the user, it answers
    const unasked = await core.tools.execute('mcp_fixture-notes_echo', '{"text":"hi"}', coreToolContext(core, { emit: () => {} }));
    expect(unasked).toMatchObject({ ok: false, error: { code: 'needs_approval' } });
    core.events.on((e) => {
      if (e.type === 'approval.requested') core.approvals.resolve(e.id, 'allow_once');
    });
    const echoed = await core.tools.execute('mcp_fixture-notes_echo', '{"text":"hi"}', coreToolContext(core, { interactive: true }));
    expect(echoed).toMatchObject({ ok: true, output: expect.stringContaining('bundled echo: hi') });
  });

  it('refuses, writing nothing, when a required setting is missing or a number is out of range', async () => {
    const { core, home } = open();
    const preview = await core.mcpImport.readBundle(await fixtureBundleBytes());
    if (!preview.ok) throw new Error(preview.error.message);
    expect(await core.mcpImport.installBundle(preview.value.token, { values: {} })).toEqual({ ok: false, error: { code: 'invalid', message: 'Not installed: "API key" is required.' } });
    expect(await core.mcpImport.installBundle(preview.value.token, { values: { api_key: 'k-123456', page_size: '99' } })).toEqual({
      ok: false,
      error: { code: 'invalid', message: 'Not installed: "Page size" must be between 1 and 50.' },
    });
    expect(existsSync(join(home.home, 'mcp-data'))).toBe(false);
    expect(JSON.parse(readFileSync(home.configFile, 'utf8')).mcpServers).toEqual({});
  });

  it('refuses a bundle that puts a sensitive setting on the command line', async () => {
    const { core } = open();
    const manifest = fixtureManifest();
    (manifest.server as { mcp_config: { args: string[] } }).mcp_config.args.push('--key', '${user_config.api_key}');
    const preview = await core.mcpImport.readBundle(await fixtureBundleBytes(manifest));
    if (!preview.ok) throw new Error(preview.error.message);
    const refused = await core.mcpImport.installBundle(preview.value.token, { values: { api_key: 'bundle-api-key-secret-4321' } });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.message).toContain('puts its sensitive setting "api_key" on the command line');
  });

  it('names a bundle without a manifest, or with a manifest of the wrong shape', async () => {
    const { core } = open();
    expect(await core.mcpImport.readBundle(Buffer.from('not a zip at all'))).toMatchObject({ ok: false, error: { code: 'invalid', message: expect.stringMatching(/^The bundle was refused: it is not a zip file/) } });
    const noServer = await core.mcpImport.readBundle(await fixtureBundleBytes(fixtureManifest({ server: { type: 'java' } })));
    expect(noServer).toMatchObject({ ok: false, error: { code: 'invalid', message: expect.stringMatching(/^The bundle was refused: its manifest.json is not one Nanotray can use \(server\./) } });
  });
});
