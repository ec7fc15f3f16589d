// Settings → MCP servers in real Chromium against the browser host: "Import from other apps…" lists the servers of
// Claude Desktop, Cursor and VS Code (a fake HOME with their files), with checkboxes, what each runs, a damaged file
// named, a prompted value asked as a password field; the chosen ones are added and connect. "Install an extension"
// uploads a .mcpb made in the test and asks its settings. English and Chinese, axe clean, both themes shot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes } from './ui-helpers';
import { makeImportWorld, type ImportWorld } from '../core/mcp/import/import-kit';
import { fixtureBundleBytes } from '../core/mcp/import/bundle-kit';

const SECRETS = ['claude-env-secret-value-1234', 'cursor-header-secret-5678', 'typed-token-value-3456', 'bundle-api-key-secret-4321'];

describe('importing MCP servers from the window (English)', () => {
  let app: E2eApp;
  let world: ImportWorld;

  beforeAll(async () => {
    world = await makeImportWorld();
    // the agent's workspace is the project: its .vscode/mcp.json and damaged .cursor/mcp.json are read too
    app = await startE2eApp({ env: { HOME: world.userHome }, config: { agent: { workspace: world.project } } });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
    world?.cleanup();
  });

  it('lists the servers with checkboxes, asks the prompted value, adds the chosen ones and they connect', async () => {
    await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
    const section = app.page.locator('#settings-mcp');
    await section.getByRole('button', { name: 'Import from other apps…' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Import MCP servers' });
    const list = dialog.getByRole('list', { name: 'Servers found' });
    await list.waitFor();
    expect(await list.getByRole('checkbox').count()).toBe(7);
    const text = await dialog.innerText();
    expect(text).toContain('Claude Desktop · ');
    expect(text).toContain('Environment: FIXTURE_VAR (values not shown)');
    expect(text).toContain('Headers: Authorization (values not shown)');
    expect(text).toContain(`Could not read ${world.paths.cursorWorkspace}: it is not valid JSON`);
    expect(text).toContain('Servers are added untrusted (every call of their tools is asked) and run in the OS sandbox.');
    await dialog.getByRole('checkbox', { name: /^files Claude Desktop/ }).check();
    await dialog.getByRole('checkbox', { name: /^tokened VS Code/ }).check();
    const token = dialog.getByLabel('Fixture API token');
    expect(await token.getAttribute('type')).toBe('password');
    const add = dialog.getByRole('button', { name: 'Add 2 servers' });
    expect(await add.isDisabled()).toBe(true);
    await token.fill('typed-token-value-3456');
    expect(await axeViolations(app.page, '[role="dialog"]')).toEqual([]);
    await shootBothThemes(app, app.page, 'mcp-import-dialog');
    await add.click();
    await dialog.getByText('Added “files”: connected.').waitFor({ timeout: 20_000 });
    await dialog.getByText('Added “tokened”: connected.').waitFor({ timeout: 20_000 });
    expect(app.core.mcp.status().map((s) => [s.name, s.state, s.trusted, s.sandbox])).toEqual([
      ['files', 'connected', false, 'on'],
      ['tokened', 'connected', false, 'on'],
    ]);
    await shootBothThemes(app, app.page, 'mcp-import-added');
    const page = await app.page.content();
    for (const secret of SECRETS) expect(page).not.toContain(secret);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(app.pageErrors).toEqual([]);
  });

  it('installs an uploaded .mcpb after asking its settings', async () => {
    const section = app.page.locator('#settings-mcp');
    await section.locator('[data-testid="mcpb-file"]').setInputFiles({ name: 'fixture-notes.mcpb', mimeType: 'application/zip', buffer: await fixtureBundleBytes() });
    const dialog = app.page.getByRole('dialog', { name: 'Install an extension' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Fixture Notes 1.2.0');
    const key = dialog.getByLabel('API key (required)');
    expect(await key.getAttribute('type')).toBe('password');
    expect(await dialog.getByLabel('Label').inputValue()).toBe('bundled');
    await key.fill('bundle-api-key-secret-4321');
    expect(await axeViolations(app.page, '[role="dialog"]')).toEqual([]);
    await shootBothThemes(app, app.page, 'mcp-bundle-dialog');
    await dialog.getByRole('button', { name: 'Install' }).click();
    await dialog.getByText('Installed “fixture-notes”: connected.').waitFor({ timeout: 20_000 });
    expect(app.core.mcp.status().find((s) => s.name === 'fixture-notes')).toMatchObject({ state: 'connected', trusted: false, sandbox: 'on' });
    expect(await app.page.content()).not.toContain('bundle-api-key-secret-4321');
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(app.pageErrors).toEqual([]);
  });
});

describe('importing MCP servers from the window (Chinese)', () => {
  let app: E2eApp;
  let world: ImportWorld;

  beforeAll(async () => {
    world = await makeImportWorld();
    app = await startE2eApp({ env: { HOME: world.userHome }, locale: 'zh-CN' });
    await app.page.getByRole('button', { name: '设置', exact: true }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
    world?.cleanup();
  });

  it('shows the dialog in Chinese, axe clean', async () => {
    await app.page.getByRole('button', { name: '设置', exact: true }).click();
    await app.page.locator('#settings-mcp').getByRole('button', { name: '从其他应用导入…' }).click();
    const dialog = app.page.getByRole('dialog', { name: '导入 MCP 服务器' });
    await dialog.getByRole('list', { name: '找到的服务器' }).waitFor();
    await dialog.getByRole('checkbox', { name: /^tokened VS Code/ }).check();
    expect(await dialog.innerText()).toContain('环境变量：FIXTURE_VAR（不显示值）');
    expect(await dialog.getByRole('button', { name: '添加 1 个服务器' }).isDisabled()).toBe(true);
    expect(await axeViolations(app.page, '[role="dialog"]')).toEqual([]);
    await shootBothThemes(app, app.page, 'mcp-import-dialog-zh');
    expect(app.pageErrors).toEqual([]);
  });
});
