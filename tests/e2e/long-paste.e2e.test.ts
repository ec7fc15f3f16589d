// Long pastes in real Chromium: pasted through the clipboard they become a chip (size, preview, remove) instead of
// filling the box; the sent message carries them after the typed text, and the bubble stays folded until asked. Past
// the limit the box says by how much before anything is sent, Send waits, and nothing typed is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { shootBothThemes, waitForAnswer } from './ui-helpers';

const LOG = Array.from({ length: 60 }, (_, i) => `2026-12-01 12:00:${String(i).padStart(2, '0')} INFO step ${i} of the nightly job finished`).join('\n');

describe('long pastes', () => {
  let app: E2eApp;
  const box = () => app.page.getByRole('textbox', { name: 'Message' });

  async function paste(text: string): Promise<void> {
    await app.page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await box().focus();
    await app.page.keyboard.press('Control+V');
  }

  beforeAll(async () => {
    app = await startE2eApp();
    await app.context!.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `http://127.0.0.1:${app.host.port}` });
    await box().waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a long paste becomes a chip; the message sends it after the typed text; the bubble folds', async () => {
    await box().fill('What failed last night?');
    await paste(LOG);
    const chip = app.page.getByRole('group', { name: 'Pasted text 1' });
    await chip.waitFor();
    expect(await chip.innerText()).toContain('60 lines · 3,');
    expect(await box().inputValue()).toBe('What failed last night?');
    await chip.getByRole('button', { name: 'Show' }).click();
    expect(await chip.getByLabel('Pasted text 1, as it will be sent').innerText()).toContain('step 59 of the nightly job');
    await shootBothThemes(app, app.page, 'composer-paste-chip');

    app.llm.enqueue({ text: 'Nothing failed: all 60 steps finished.' });
    await box().press('Enter');
    await waitForAnswer(app.page, 'Nothing failed: all 60 steps finished.');
    const sent = (app.llm.requests.at(-1)!.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'user').at(-1)!;
    expect(String(sent.content).startsWith(`What failed last night?\n\n${LOG}`)).toBe(true);
    expect(await chip.count()).toBe(0);

    const bubble = app.page.locator('[data-role="user"] .bubble').last();
    expect(await bubble.getAttribute('data-folded')).toBe('true');
    expect((await bubble.boundingBox())!.height).toBeLessThanOrEqual(330);
    await app.page.getByRole('button', { name: 'Show all 62 lines' }).click();
    expect(await bubble.getAttribute('data-folded')).toBeNull();
  });

  it('past the limit it says by how much, Send waits, and removing the paste keeps the typed text', async () => {
    await box().fill('Have a look at this dump');
    await paste('y'.repeat(100_500));
    const note = app.page.getByRole('status').filter({ hasText: 'Too long to send' });
    await note.waitFor();
    expect(await note.innerText()).toContain('of at most 100,000 characters');
    expect(await app.page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    const before = app.llm.requests.length;
    await box().press('Enter');
    expect(app.llm.requests.length).toBe(before);
    await app.page.getByRole('button', { name: 'Remove pasted text 1' }).click();
    await note.waitFor({ state: 'detached' });
    expect(await box().inputValue()).toBe('Have a look at this dump');
    expect(await app.page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(false);
    expect(app.pageErrors).toEqual([]);
  });
});
