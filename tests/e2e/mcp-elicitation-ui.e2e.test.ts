// MCP requests for input in the window, in real Chromium against the browser host with the depth fixture server:
// the model calls a tool, the server asks, the form shows in the chat's dock (which server asks, the note that the
// answer goes to the server only); a value that does not fit is marked and kept; the answer reaches the server and
// the turn goes on. A link shows its host and opens in a new tab only on a click. Quick ask shows forms too.
// axe-clean, screenshots light and dark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depthServer } from '../core/mcp/mcp-test-kit';
import { recordedToolResult } from '../helpers/recorded-tool-result';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

describe('MCP requests for input in the window', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ config: { tools: { approval: { mode: 'auto' } }, mcpServers: { d: depthServer('d') } } });
    await app.core.mcp.waitForServers(10_000);
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The text the model got back for its tool call `id`. */
  const toolResult = (id: string): string => recordedToolResult(app.llm.requests, id);

  it('shows the form, marks what does not fit, sends the answer and the turn goes on', async () => {
    app.llm.enqueue({ toolCalls: [{ id: 'ask1', name: 'mcp_d_ask', arguments: {} }] }, { text: 'Thanks, Ada.' });
    await sendChat(app.page, 'Sign me up');
    const card = app.page.locator('.elicit-card');
    await card.waitFor();
    expect(await card.locator('.elicit-title').innerText()).toContain('MCP server d asks for your input');
    expect(await card.locator('.elicit-message').innerText()).toBe('Who are you?');
    expect(await card.innerText()).toContain('What you type goes to this server only, not to the model.');
    // The form's defaults are filled in.
    expect(await card.getByLabel('Colour').inputValue()).toBe('g');
    expect(await card.getByLabel('age').inputValue()).toBe('30');
    expect(await axeViolations(app.page, '.elicit-dock')).toEqual([]);
    await shootBothThemes(app, app.page, 'mcp-elicitation-form');

    const name = card.getByLabel('Your name (required)');
    await name.fill('A');
    await card.getByRole('button', { name: 'Send' }).click();
    await card.getByText('At least 2 characters.').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.inputValue()).toBe('A');
    expect(await axeViolations(app.page, '.elicit-dock')).toEqual([]);
    await shootBothThemes(app, app.page, 'mcp-elicitation-problem');

    await name.fill('Ada');
    await card.getByLabel('Colour').selectOption('r');
    await card.getByRole('button', { name: 'Send' }).click();
    await waitForAnswer(app.page, 'Thanks, Ada.');
    expect(toolResult('ask1')).toContain('thanks, Ada (r, 30)');
    expect(await app.page.locator('.elicit-card').count()).toBe(0);
    await app.page.getByText('You answered MCP server d.').waitFor();
  });

  it('a link shows its host and full address, and opens in a new tab only when clicked', async () => {
    const url = `${app.llm.baseUrl}/connect?step=1`;
    app.llm.enqueue({ toolCalls: [{ id: 'url1', name: 'mcp_d_ask_url', arguments: { url } }] }, { text: 'Connected.' });
    await sendChat(app.page, 'Connect my account');
    const card = app.page.locator('.elicit-card[data-mode="url"]');
    await card.waitFor();
    expect(await card.locator('.elicit-title').innerText()).toContain('MCP server d asks you to open a page');
    expect(await card.locator('.egress-host').innerText()).toBe(new URL(url).host);
    expect(await card.getByLabel('Full address').innerText()).toBe(url);
    expect(await axeViolations(app.page, '.elicit-dock')).toEqual([]);
    await shootBothThemes(app, app.page, 'mcp-elicitation-link');
    const tab = app.context!.waitForEvent('page');
    await card.getByRole('button', { name: 'Open page' }).click();
    const opened = await tab;
    expect(opened.url()).toBe(url);
    await opened.close();
    await waitForAnswer(app.page, 'Connected.');
    expect(toolResult('url1')).toContain('url: accept');
  });

  it('quick ask shows a form of its session and sends it', async () => {
    const quick = await app.openPage('/quick.html');
    await quick.setViewportSize({ width: 560, height: 560 });
    const input = quick.getByLabel('Ask Nanotray');
    await input.waitFor();
    app.llm.enqueue({ toolCalls: [{ id: 'ask2', name: 'mcp_d_ask', arguments: {} }] }, { text: 'Noted.' });
    await input.fill('Who am I?');
    await input.press('Enter');
    const card = quick.locator('.elicit-card');
    await card.waitFor();
    expect(await axeViolations(quick, '.elicit-dock')).toEqual([]);
    await shootBothThemes(app, quick, 'mcp-elicitation-quick');
    await card.getByLabel('Your name (required)').fill('Grace');
    await card.getByRole('button', { name: 'Send' }).click();
    await quick.locator('.quick-answer', { hasText: 'Noted.' }).waitFor();
    expect(toolResult('ask2')).toContain('thanks, Grace (g, 30)');
    await quick.close();
    expect(app.pageErrors).toEqual([]);
  });
});
