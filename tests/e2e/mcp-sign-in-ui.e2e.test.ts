// Signing in to an OAuth-protected MCP server from the window, in real Chromium against the browser host: the
// runtime panel shows "needs sign-in" with a Sign in button; the authorization page opens in a new tab, comes
// back to Nanotray's loopback listener, and the server connects; Settings → MCP servers offers Sign out. The server
// names its metadata only in its 401 (no well-known URL answers): the sign-in follows the challenge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/mcp/oauth-server.mjs';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes } from './ui-helpers';

describe('MCP sign-in in the window', () => {
  let app: E2eApp;
  let server: OAuthFixture;

  beforeAll(async () => {
    server = await startOAuthFixture({ scope: 'mail:read', metadataOnlyInChallenge: true });
    app = await startE2eApp({ config: { mcpServers: { mail: { url: server.url } } } });
    await app.core.mcp.waitForServers(10_000);
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it('runtime panel: "needs sign-in", Sign in opens the authorization page, the server connects', async () => {
    await app.page.getByRole('button', { name: 'Runtime', exact: true }).click();
    const signIn = app.page.getByRole('button', { name: 'Sign in to mail' });
    await signIn.waitFor();
    const card = app.page.locator('section', { has: app.page.locator('#rt-mcp') });
    expect(await card.innerText()).toContain('needs sign-in');
    await card.scrollIntoViewIfNeeded();
    expect(await axeViolations(app.page, 'section:has(#rt-mcp)')).toEqual([]);
    await shootBothThemes(app, app.page, 'mcp-sign-in-runtime');

    const tab = app.context!.waitForEvent('page');
    await signIn.click();
    const opened = await tab;
    await opened.waitForLoadState();
    await opened.getByRole('heading', { name: 'Signed in' }).waitFor({ timeout: 10_000 });
    expect(server.authorizations).toHaveLength(1);
    expect(server.authorizations[0]).toMatchObject({ scope: 'mail:read', resource: server.url });
    await app.page.getByRole('button', { name: 'Sign out of mail' }).waitFor({ timeout: 10_000 });
    await card.getByText('connected', { exact: true }).waitFor({ timeout: 10_000 });
    await opened.close();
  });

  it('settings: Sign out brings Sign in back, and Sign in there signs in from the challenge', async () => {
    await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
    const section = app.page.locator('#settings-mcp');
    await section.getByRole('button', { name: 'Sign out of mail' }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('button', { name: 'Sign out of mail' }).click();
    await section.getByRole('button', { name: 'Sign in to mail' }).waitFor({ timeout: 10_000 });
    // The server reconnects after the sign-out ("connecting") before its 401 says "needs sign-in".
    await expect.poll(() => section.innerText(), { timeout: 10_000 }).toContain('needs sign-in');
    // Sign in from Settings: the same path, from the server's challenge.
    const tab = app.context!.waitForEvent('page');
    await section.getByRole('button', { name: 'Sign in to mail' }).click();
    const opened = await tab;
    await opened.getByRole('heading', { name: 'Signed in' }).waitFor({ timeout: 10_000 });
    expect(server.authorizations).toHaveLength(2);
    await opened.close();
    await section.getByRole('button', { name: 'Sign out of mail' }).waitFor({ timeout: 10_000 });
    await section.getByRole('button', { name: 'Sign out of mail' }).click();
    await section.getByRole('button', { name: 'Sign in to mail' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => section.innerText(), { timeout: 10_000 }).toContain('needs sign-in');
    expect(await axeViolations(app.page, '#settings-mcp')).toEqual([]);
    await shootBothThemes(app, app.page, 'mcp-sign-in-settings');
    expect(app.pageErrors).toEqual([]);
  });
});
