// MCP resources and prompts in the composer, in real Chromium against the browser host with the depth fixture:
// a resource picked from the attach list goes with the message (the model reads it framed as the server's content,
// the message shows which resource); `/d:` completes the prompt's name, the server completes its argument, and the
// filled-in prompt is sent. axe-clean, screenshots light and dark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untrustedBanner } from '../../src-main/core/tools/untrusted';
import { NOTE_TEXT } from '../fixtures/mcp/depth-fixture.mjs';
import { depthServer } from '../core/mcp/mcp-test-kit';
import { axeViolations } from './helpers/axe';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes, waitForAnswer } from './ui-helpers';

describe('MCP resources and prompts in the composer', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ config: { mcpServers: { d: depthServer('d') } } });
    await app.core.mcp.waitForServers(10_000);
    await app.page.reload();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  const lastUserMessage = (): string => {
    const messages = app.llm.requests.at(-1)!.body.messages as Array<{ role: string; content: unknown }>;
    return String(messages.filter((m) => m.role === 'user').at(-1)?.content);
  };

  it('attaches a resource the server lists; the model reads it framed, the message shows it', async () => {
    const attach = app.page.getByRole('button', { name: 'Attach a resource from an MCP server' });
    await attach.click();
    const popover = app.page.getByRole('dialog', { name: 'Resources of connected MCP servers' });
    await popover.getByRole('button', { name: /^Meeting notes note:\/\/notes/ }).waitFor();
    expect(await axeViolations(app.page, '.composer')).toEqual([]);
    await shootBothThemes(app, app.page, 'mcp-resource-picker');
    await popover.getByRole('button', { name: /^Meeting notes note:\/\/notes/ }).click();
    expect(await popover.count()).toBe(0);
    expect(await app.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Attach a resource from an MCP server');
    const chips = app.page.locator('.composer').getByRole('list', { name: 'Attached resources' });
    expect(await chips.innerText()).toContain('Meeting notes');

    app.llm.enqueue({ text: 'You ship on Friday.' });
    const box = app.page.getByRole('textbox', { name: 'Message' });
    await box.fill('When do we ship?');
    await box.press('Enter');
    await waitForAnswer(app.page, 'You ship on Friday.');
    expect(lastUserMessage()).toContain(`When do we ship?\n\n${untrustedBanner("MCP server 'd' (resource note://notes, attached by the user)")}\n\n${NOTE_TEXT}`);
    expect(await app.page.locator('[data-role="user"] .resource-chip').innerText()).toContain('Meeting notes');
    expect(await app.page.locator('.composer .resource-chip').count()).toBe(0);
    await shootBothThemes(app, app.page, 'mcp-resource-sent');
  });

  it('completes a prompt and its argument, and sends the prompt filled in', async () => {
    const box = app.page.getByRole('textbox', { name: 'Message' });
    await box.fill('/d:');
    const menu = app.page.getByRole('listbox', { name: 'Commands' });
    await menu.getByRole('option', { name: /\/d:summarise/ }).waitFor();
    await box.press('Tab');
    expect(await box.inputValue()).toBe('/d:summarise ');
    await box.pressSequentially('ma');
    await menu.getByRole('option', { name: /marmots/ }).waitFor();
    expect(await menu.getByRole('option').allInnerTexts()).toEqual([expect.stringContaining('mars'), expect.stringContaining('marmots')]);
    expect(await axeViolations(app.page, '.composer')).toEqual([]);
    await shootBothThemes(app, app.page, 'mcp-prompt-completion');
    await box.press('ArrowDown');
    await box.press('Tab');
    expect(await box.inputValue()).toBe('/d:summarise marmots ');
    app.llm.enqueue({ text: 'Marmots are large ground squirrels.' });
    await box.press('Enter');
    await waitForAnswer(app.page, 'Marmots are large ground squirrels.');
    expect(lastUserMessage()).toContain("[Prompt 'summarise' of MCP server 'd': /d:summarise marmots]\n\nSummarise marmots.");
    expect(app.pageErrors).toEqual([]);
  });
});
