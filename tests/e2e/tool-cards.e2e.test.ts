// Tool cards tell the truth, in real Chromium, also after a reload: a call waiting for an approval shows that (and
// its live approval card, which still answers it), a call Nanotray stopped under shows "interrupted" (never "error"),
// and a provider that reuses one call id across rounds and turns still gets one card per call, each with its result.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendMessage } from '../../src-main/core/store/messages.repo';
import { ensureSession, setSessionTitle } from '../../src-main/core/store/sessions.repo';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

/** The cards in the open chat, in order. */
const cards = (page: Page): Locator => page.locator('.conversation .tool-card');

/** A card's badge text (its status in words). */
async function badge(card: Locator): Promise<string> {
  return (await card.locator('.tool-head .badge').innerText()).trim();
}

/** Opens a card and returns what its result section shows. */
async function resultOf(card: Locator): Promise<string> {
  const head = card.locator('.tool-head');
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
  return card.locator('.tool-body pre').last().innerText();
}

describe('tool cards', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({
      config: { tools: { approval: { mode: 'ask' } } },
      prepareHome: (home) => {
        for (const name of ['alpha', 'beta', 'gamma']) writeFileSync(join(home.workspace, `${name}.txt`), `contents of ${name}`);
      },
    });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a call waiting for an approval says so after a reload, and the live approval card still answers it', async () => {
    app.llm.enqueue({ toolCalls: [{ id: 'call_0', name: 'write_file', arguments: { path: 'plan.md', content: 'the plan\n' } }] }, { text: 'Plan written.' });
    await sendChat(app.page, 'Write the plan');
    await app.page.getByRole('group', { name: /Allow write_file\?/ }).waitFor();

    await app.page.reload();
    const approval = app.page.getByRole('group', { name: /Allow write_file\?/ });
    await approval.waitFor();
    const card = cards(app.page).first();
    await card.waitFor();
    expect(await badge(card)).toBe('waiting for approval');
    expect(await app.page.locator('.conversation .tool-card .badge-danger').count()).toBe(0);
    await shootBothThemes(app, app.page, 'tool-card-awaiting-after-reload');

    await approval.getByRole('button', { name: 'Allow once' }).click();
    await waitForAnswer(app.page, 'Plan written.');
    expect(await badge(card)).toBe('done');
  });

  it('a call Nanotray stopped under (it quit mid-call) shows as interrupted after a reload, not as an error', async () => {
    // What a crash leaves: the assistant message with its call is stored before the call runs; no result follows.
    const key = 'desktop:crashed';
    const now = Date.now();
    ensureSession(app.core.db, key, now);
    setSessionTitle(app.core.db, key, 'Crashed mid-call');
    appendMessage(app.core.db, { sessionKey: key, turnId: 'turn-crashed', role: 'user', content: 'Tidy the notes', createdAt: now });
    appendMessage(app.core.db, {
      sessionKey: key,
      turnId: 'turn-crashed',
      role: 'assistant',
      content: null,
      toolCalls: [{ id: 'call_0', name: 'exec', arguments: '{"command":"ls"}' }],
      createdAt: now + 1,
    });
    await app.page.reload();
    await app.page.locator('.session-row', { hasText: 'Crashed mid-call' }).click();
    const card = cards(app.page).first();
    await card.waitFor();
    expect(await badge(card)).toBe('interrupted');
    expect(await resultOf(card)).toContain('The turn ended before this call finished');
    await shootBothThemes(app, app.page, 'tool-card-interrupted');
  });

  it('one card per call when the provider reuses a call id across rounds and turns, live and after a reload', async () => {
    await app.page.keyboard.press('Control+n');
    const read = (path: string) => ({ toolCalls: [{ id: 'call_0', name: 'read_file', arguments: { path } }] });
    app.llm.enqueue(read('alpha.txt'), read('beta.txt'), { text: 'Read two files.' });
    await sendChat(app.page, 'Read alpha then beta');
    await waitForAnswer(app.page, 'Read two files.');
    app.llm.enqueue(read('gamma.txt'), { text: 'Read the third.' });
    await sendChat(app.page, 'Now gamma');
    await waitForAnswer(app.page, 'Read the third.');

    const expectCards = async (): Promise<void> => {
      await cards(app.page).nth(2).waitFor();
      expect(await cards(app.page).count()).toBe(3);
      const results: string[] = [];
      for (let i = 0; i < 3; i++) {
        expect(await badge(cards(app.page).nth(i))).toBe('done');
        results.push(await resultOf(cards(app.page).nth(i)));
      }
      expect(results.map((r) => r.match(/contents of (\w+)/)?.[1])).toEqual(['alpha', 'beta', 'gamma']);
    };
    await expectCards();
    await app.page.reload();
    await app.page.locator('.session-row', { hasText: 'Read alpha then beta' }).click();
    await expectCards();
    expect(app.pageErrors).toEqual([]);
  });
});
