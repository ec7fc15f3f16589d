// Leaving Settings with unsaved edits asks first, like the memory editor: Stay keeps every edit, Discard drops them,
// Save and leave writes them (and stays when a field is invalid, with the error shown); no change, no question.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes } from './ui-helpers';

describe('settings unsaved-changes guard', () => {
  let app: E2eApp;
  const config = () => JSON.parse(readFileSync(app.home.configFile, 'utf8')) as { heartbeat: { intervalMinutes?: number } };
  const dialog = () => app.page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
  const minutes = () => app.page.getByLabel('Every (minutes)');

  async function openSettings(): Promise<void> {
    await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
    await app.page.getByRole('form', { name: 'Settings' }).waitFor();
  }

  beforeAll(async () => {
    app = await startE2eApp({ viewport: { width: 1200, height: 900 } });
    await openSettings();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('without edits, leaving asks nothing', async () => {
    await app.page.keyboard.press('Control+1');
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await dialog().count()).toBe(0);
    await openSettings();
  });

  it('asks before leaving with edits; Cancel stays with every edit in place', async () => {
    await minutes().fill('45');
    await app.page.getByRole('button', { name: 'Memory', exact: true }).click();
    await dialog().waitFor();
    expect(await dialog().innerText()).toContain('Your changes in Settings are not saved yet.');
    await shootBothThemes(app, app.page, 'settings-leave-guard');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await app.page.getByRole('form', { name: 'Settings' }).count()).toBe(1);
    expect(await minutes().inputValue()).toBe('45');
  });

  it('Save and leave with an invalid field stays and shows the error; nothing is written', async () => {
    const before = readFileSync(app.home.configFile, 'utf8');
    await minutes().fill('0');
    await app.page.keyboard.press('Control+1');
    await dialog().getByRole('button', { name: 'Save and leave' }).click();
    await app.page.getByText('1 field needs fixing. Nothing was saved.').waitFor();
    expect(await app.page.getByRole('form', { name: 'Settings' }).count()).toBe(1);
    expect(readFileSync(app.home.configFile, 'utf8')).toBe(before);
  });

  it('Save and leave writes the edits and goes where the user was going', async () => {
    await minutes().fill('45');
    await app.page.keyboard.press('Control+1');
    await dialog().getByRole('button', { name: 'Save and leave' }).click();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(config().heartbeat.intervalMinutes).toBe(45);
  });

  it('Discard drops the edits and leaves', async () => {
    await openSettings();
    await minutes().fill('90');
    await app.page.keyboard.press('Control+1');
    await dialog().getByRole('button', { name: 'Discard edits' }).click();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(config().heartbeat.intervalMinutes).toBe(45);
    await openSettings();
    expect(await minutes().inputValue()).toBe('45');
    expect(app.pageErrors).toEqual([]);
  });
});
