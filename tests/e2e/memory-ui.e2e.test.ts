// The memory editor in real Chromium: an edit to MEMORY.md reaches the agent's next system prompt; the
// agent editing the open file shows a notice and a merge (nothing lost); history reverts a version.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

const MEMORY = '# Long-term memory\n\n- The user likes green tea.\n';

async function openMemory(page: Page, path = 'MEMORY.md'): Promise<void> {
  await page.getByRole('button', { name: 'Memory', exact: true }).click();
  await page.getByRole('button', { name: path, exact: true }).click();
  await page.getByLabel(`Text of memory/${path}`).waitFor();
}

describe('memory editor', () => {
  let app: E2eApp;
  const memoryFile = () => join(app.home.workspace, 'memory', 'MEMORY.md');

  beforeAll(async () => {
    app = await startE2eApp({
      prepareHome: (home) => {
        mkdirSync(join(home.workspace, 'memory'), { recursive: true });
        writeFileSync(join(home.workspace, 'memory', 'MEMORY.md'), MEMORY);
      },
    });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('an edit saved with Ctrl+S is in the system prompt of the next turn', async () => {
    await openMemory(app.page);
    const editor = app.page.getByLabel('Text of memory/MEMORY.md');
    expect(await editor.inputValue()).toBe(MEMORY);
    await editor.click();
    await editor.press('Control+End');
    await editor.pressSequentially('- Their cat is called Miso.\n');
    await app.page.getByTestId('unsaved-marker').waitFor();
    await shootBothThemes(app, app.page, 'memory-editor');
    await editor.press('Control+s');
    await app.page.getByText('Saved', { exact: true }).waitFor();
    expect(readFileSync(memoryFile(), 'utf8')).toBe(`${MEMORY}- Their cat is called Miso.\n`);

    await app.page.getByRole('button', { name: 'Chat', exact: true }).click();
    app.llm.enqueue({ text: 'Miso is a lovely name.' });
    await sendChat(app.page, 'What is my cat called?');
    await waitForAnswer(app.page, 'Miso is a lovely name.');
    const system = app.llm.requests.at(-1)!.body.messages[0] as { role: string; content: string };
    expect(system.role).toBe('system');
    expect(system.content).toContain('- Their cat is called Miso.');
  });

  it('the agent changing the open file is announced, and saving shows both versions to merge', async () => {
    await openMemory(app.page);
    const editor = app.page.getByLabel('Text of memory/MEMORY.md');
    await editor.click();
    await editor.press('Control+End');
    await editor.pressSequentially('- Mine: buy oat milk.\n');

    // The agent edits the same file from the quick-ask window while the editor has unsaved text.
    app.llm.enqueue(
      { toolCalls: [{ name: 'edit_file', arguments: { path: 'memory/MEMORY.md', old_text: '- The user likes green tea.', new_text: '- The user likes green tea (sencha).' } }] },
      { text: 'Noted.' },
    );
    const quick = await app.openPage('/quick.html');
    await quick.getByLabel('Ask Nanotray').fill('Remember it is sencha');
    await quick.getByLabel('Ask Nanotray').press('Enter');
    await quick.locator('.quick-answer').getByText('Noted.').waitFor();
    await quick.close();
    // The e2e core runs without the background file watcher (startBackground: false); this is the call
    // the watcher makes when it sees the file change on disk.
    app.core.memory.noticeChange('memory/MEMORY.md');

    const notice = app.page.getByText('The agent changed memory/MEMORY.md while you were editing');
    await notice.waitFor();
    expect(await editor.inputValue()).toContain('- Mine: buy oat milk.');
    await editor.press('Control+s');
    await app.page.getByText('memory/MEMORY.md changed on disk while you were editing').waitFor();
    expect(readFileSync(memoryFile(), 'utf8')).not.toContain('oat milk');
    await shootBothThemes(app, app.page, 'memory-conflict');
    const result = app.page.getByLabel('Result');
    const merged = '# Long-term memory\n\n- The user likes green tea (sencha).\n- Their cat is called Miso.\n- Mine: buy oat milk.\n';
    // the agent changed one line, I added one: both survive by default
    expect(await result.inputValue()).toBe(merged);
    await app.page.getByRole('radiogroup', { name: 'Keep for difference 1' }).getByText('Both').click();
    expect(await result.inputValue()).toBe(
      '# Long-term memory\n\n- The user likes green tea (sencha).\n- The user likes green tea.\n- Their cat is called Miso.\n- Mine: buy oat milk.\n',
    );
    await app.page.getByRole('radiogroup', { name: 'Keep for difference 1' }).getByText('Theirs').click();
    expect(await result.inputValue()).toBe(merged);
    await app.page.getByRole('button', { name: 'Save result' }).click();
    await app.page.getByText('Saved', { exact: true }).waitFor();
    expect(readFileSync(memoryFile(), 'utf8')).toBe('# Long-term memory\n\n- The user likes green tea (sencha).\n- Their cat is called Miso.\n- Mine: buy oat milk.\n');
  });

  it('leaving with unsaved edits asks first', async () => {
    await openMemory(app.page);
    const editor = app.page.getByLabel('Text of memory/MEMORY.md');
    await editor.click();
    await editor.press('Control+End');
    await editor.pressSequentially('draft line');
    await app.page.getByRole('button', { name: 'Chat', exact: true }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
    await dialog.waitFor();
    await shootBothThemes(app, app.page, 'memory-leave');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await editor.inputValue()).toContain('draft line');
    await app.page.getByRole('button', { name: 'Chat', exact: true }).click();
    await dialog.getByRole('button', { name: 'Discard edits' }).click();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(readFileSync(memoryFile(), 'utf8')).not.toContain('draft line');
  });

  it('history lists the current text and every earlier one by who wrote it, and reverts one', async () => {
    await openMemory(app.page);
    await app.page.getByRole('button', { name: 'History' }).click();
    const versions = app.page.getByRole('list', { name: 'Versions, newest first' });
    await versions.getByRole('listitem').first().waitFor();
    const labels = await versions.getByRole('listitem').allInnerTexts();
    expect(labels.length).toBeGreaterThanOrEqual(3);
    // the count beside the list counts the rows it shows, the current text included
    expect(await app.page.getByRole('complementary', { name: /^History of / }).locator('.history-head .faint').innerText()).toBe(`${labels.length} versions`);
    expect(labels.some((l) => l.includes('agent'))).toBe(true);
    expect(labels.some((l) => l.includes('you'))).toBe(true);
    // each text is labelled by who wrote it: the current one (the merge the user saved) first, the file as it was
    // before Nanotray saw anyone write it last
    expect(labels[0]).toMatch(/^you\s+current text/);
    expect(labels.at(-1)).toMatch(/^earlier text\s+until/);
    await versions.getByRole('listitem').last().getByRole('button').click();
    await app.page.getByLabel('Diff against the current file').waitFor();
    await shootBothThemes(app, app.page, 'memory-history');
    await app.page.getByRole('button', { name: 'Revert to this' }).click();
    await app.page.getByRole('dialog', { name: 'Revert to this version?' }).getByRole('button', { name: 'Revert' }).click();
    await app.page.getByText('Reverted', { exact: true }).waitFor();
    expect(readFileSync(memoryFile(), 'utf8')).toBe(MEMORY);
    expect(await app.page.getByLabel('Text of memory/MEMORY.md').inputValue()).toBe(MEMORY);
    expect(app.pageErrors).toEqual([]);
  });

  it('the preview leaves out HTML comments; the text and the saved file keep them', async () => {
    await app.page.getByRole('button', { name: 'History' }).click(); // closes the history panel
    const editor = app.page.getByLabel('Text of memory/MEMORY.md');
    await editor.click();
    await editor.press('Control+End');
    await editor.pressSequentially('<!-- note to self: ask about the trip -->\n- Visible line.\n');
    const preview = app.page.locator('.editor-preview');
    await preview.getByText('Visible line.').waitFor();
    expect(await preview.innerText()).not.toContain('note to self');
    await editor.press('Control+s');
    await app.page.getByText('Saved', { exact: true }).waitFor();
    expect(readFileSync(memoryFile(), 'utf8')).toContain('<!-- note to self: ask about the trip -->');
    expect(await editor.inputValue()).toContain('<!-- note to self: ask about the trip -->');
  });
});
