// Settings in real Chromium: invalid typed input is explained next to each field and nothing is written; a
// valid save writes config.json whole; choices apply at once; keys stay write-only; "Test connection" lists models.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes } from './ui-helpers';

describe('settings', () => {
  let app: E2eApp;
  const config = () => JSON.parse(readFileSync(app.home.configFile, 'utf8')) as Record<string, any>;

  beforeAll(async () => {
    app = await startE2eApp({ viewport: { width: 1200, height: 900 } });
    await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
    await app.page.getByRole('form', { name: 'Settings' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the stored key only masked and lists models on "Test connection"', async () => {
    const key = app.page.getByLabel('API key');
    expect(await key.inputValue()).toBe('');
    expect(await key.getAttribute('type')).toBe('password');
    const placeholder = (await key.getAttribute('placeholder')) ?? '';
    expect(placeholder).not.toContain('sk-test-secret-key-123456');
    expect(placeholder.endsWith('3456')).toBe(true);
    expect(await app.page.content()).not.toContain('sk-test-secret-key-123456');
    await app.page.getByRole('button', { name: 'Test connection' }).click();
    const models = app.page.getByTestId('provider-models');
    await models.waitFor();
    expect(await models.innerText()).toContain('2 models');
    expect(await models.getByText('fake-model-large').count()).toBe(1);
    await shootBothThemes(app, app.page, 'settings');
  });

  it('explains invalid fields next to them and saves nothing', async () => {
    const before = readFileSync(app.home.configFile, 'utf8');
    await app.page.getByLabel('Base URL').fill('not a url');
    await app.page.getByLabel('Every (minutes)').fill('0');
    await app.page.getByLabel('Quick-ask shortcut').fill('Shift');
    await app.page.getByRole('button', { name: 'Save changes' }).click();
    await app.page.getByText('3 fields need fixing. Nothing was saved.').waitFor();
    const errors = await app.page.locator('[data-field-error]').allInnerTexts();
    expect(errors).toEqual([
      'An http:// or https:// URL, e.g. https://api.openai.com/v1.',
      'Minutes between runs: a whole number from 1 to 10,080.',
      'Add a modifier (Ctrl, Alt, Shift…) so the shortcut does not steal a plain key.',
    ]);
    expect(await app.page.getByLabel('Base URL').getAttribute('aria-invalid')).toBe('true');
    expect(await app.page.evaluate(() => document.activeElement?.getAttribute('id'))).toMatch(/^pv-.*-url$/);
    await shootBothThemes(app, app.page, 'settings-invalid');
    expect(readFileSync(app.home.configFile, 'utf8')).toBe(before);
  });

  it('saves valid typed changes whole and keeps the key', async () => {
    await app.page.getByLabel('Base URL').fill(app.llm.baseUrl);
    await app.page.getByLabel('Every (minutes)').fill('45');
    await app.page.getByLabel('Quick-ask shortcut').fill('Ctrl+Alt+Space');
    await app.page.getByRole('button', { name: 'Save changes' }).click();
    await app.page.getByText('All changes saved.').waitFor();
    const saved = config();
    expect(saved.heartbeat.intervalMinutes).toBe(45);
    expect(saved.ui.quickAskShortcut).toBe('Ctrl+Alt+Space');
    expect(saved.providers.test.baseUrl).toBe(app.llm.baseUrl);
    expect(JSON.stringify(saved.providers.test)).not.toContain('"apiKey":""');
    expect(app.pageErrors).toEqual([]);
  });

  it('the sandbox of commands and their network are the user\'s to set (also with the agent\'s runtime changes off), each choice explained', async () => {
    expect(config().tools?.my?.allowSet ?? false).toBe(false);
    const commands = app.page.getByRole('group', { name: 'Commands (exec)' });
    expect(await commands.getByRole('radio', { name: /Where it works/ }).isChecked()).toBe(true);
    expect(await commands.innerText()).toContain('Refuse to run commands when the sandbox is not available.');
    // a choice on its way is never an unsaved edit: Save stays off the whole time, not only once it is written
    await app.page.getByRole('button', { name: 'Save changes' }).evaluate((button) => {
      (window as unknown as { saveEverOn: boolean }).saveEverOn = false;
      new MutationObserver(() => {
        if (!(button as HTMLButtonElement).disabled) (window as unknown as { saveEverOn: boolean }).saveEverOn = true;
      }).observe(button, { attributes: true, attributeFilter: ['disabled'] });
    });
    await commands.getByRole('radio', { name: /^Never/ }).check();
    await commands.getByRole('radio', { name: /^None/ }).check();
    await commands.getByText('every command will be refused').waitFor();
    await shootBothThemes(app, app.page, 'settings-exec-sandbox');
    await commands.getByRole('radio', { name: /^Always/ }).check();
    expect(await commands.getByText('every command will be refused').count()).toBe(0);
    // Choices apply as they are made: no Save.
    await expect.poll(() => config().tools.exec).toMatchObject({ sandbox: 'on', network: 'off' });
    expect(await app.page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    expect(await app.page.evaluate(() => (window as unknown as { saveEverOn: boolean }).saveEverOn)).toBe(false);
    expect(app.pageErrors).toEqual([]);
  });
});
