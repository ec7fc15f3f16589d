// The chat view in real Chromium against the browser host and the scripted model: token-by-token
// streaming (the model holds the rest of an answer until its first words are seen), Stop, and approvals (allow / deny).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate } from '../helpers/scripted-llm-server';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { lastAnswer, sendChat, shootBothThemes, waitIdle } from './ui-helpers';

describe('chat view', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ config: { tools: { approval: { mode: 'ask' } } } });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('streams the answer token by token and renders markdown', async () => {
    const chunks = ['Here is ', 'a **bold** ', 'answer ', 'with code:\n\n', '```js\nconsole.log(1)\n```\n', 'Done.'];
    // the role chunk and "Here is " go out; the rest waits until the test has seen the first words on screen
    const rest = gate();
    app.llm.enqueue({ text: chunks, holds: [{ afterChunks: 2, until: rest.promise }] });
    await sendChat(app.page, 'Show me something');
    // the streamed answer renders as settled blocks plus a tail: wait for its first block, read the whole row
    const streaming = app.page.locator('[data-role="streaming"]');
    await streaming.locator('.markdown', { hasText: 'Here is' }).first().waitFor();
    const partial = await streaming.innerText();
    expect(partial.startsWith('Here is')).toBe(true);
    expect(partial).not.toContain('bold');
    await app.page.getByRole('button', { name: 'Stop the answer' }).waitFor();
    rest.open();
    await waitIdle(app.page);
    const answer = app.page.locator('[data-role="assistant"] .markdown').last();
    expect(await answer.locator('p').first().innerText()).toBe('Here is a bold answer with code:');
    expect(await answer.locator('strong').innerText()).toBe('bold');
    expect(await answer.locator('.code-block code').innerText()).toBe('console.log(1)');
    expect(await answer.locator('.code-block .code-copy').getAttribute('aria-label')).toBe('Copy code');
    expect(await answer.locator('p').last().innerText()).toBe('Done.');
    const sessionTitle = await app.page.locator('.conv-title h1').innerText();
    expect(sessionTitle.length).toBeGreaterThan(0);
    await shootBothThemes(app, app.page, 'chat');
  });

  it('Stop cancels a running answer and keeps what was streamed', async () => {
    // words 0–9 go out, then the model holds the other 50 until the test is done (Stop comes first)
    const never = gate();
    app.llm.enqueue({ text: Array.from({ length: 60 }, (_, i) => `word${i} `), holds: [{ afterChunks: 11, until: never.promise }] });
    await sendChat(app.page, 'Tell me a long story');
    await app.page.waitForFunction(() => (document.querySelector('[data-role="streaming"]')?.textContent ?? '').includes('word9'));
    await app.page.getByRole('button', { name: 'Stop the answer' }).click();
    await app.page.locator('[data-role="notice"]', { hasText: 'Stopped.' }).waitFor({ timeout: 5000 });
    await waitIdle(app.page);
    never.open();
    const kept = await lastAnswer(app.page);
    expect(kept.startsWith('word0 word1 word2 word3')).toBe(true);
    expect(kept).not.toContain('word10');
  });

  it('an approval shows the full arguments and working dir; Allow once runs the tool', async () => {
    app.llm.enqueue({ toolCalls: [{ name: 'exec', arguments: { command: 'echo approved-run' } }] }, { text: 'The command printed approved-run.' });
    await sendChat(app.page, 'Run echo for me');
    const card = app.page.getByRole('group', { name: /Allow exec\?/ });
    await card.waitFor();
    expect(await card.getByLabel('Arguments').innerText()).toBe('command: echo approved-run');
    expect(await card.innerText()).toContain(`Working directory: ${app.home.workspace}`);
    await shootBothThemes(app, app.page, 'chat-approval');
    await card.getByRole('button', { name: 'Allow once' }).click();
    await card.getByText('Allowed once', { exact: true }).waitFor();
    await waitIdle(app.page);
    expect(await lastAnswer(app.page)).toBe('The command printed approved-run.');
    const toolResult = app.llm.requests.at(-1)!.body.messages.find((m: { role: string }) => m.role === 'tool') as { content: string };
    expect(toolResult.content).toContain('approved-run');
    const toolCard = app.page.locator('.tool-card').last();
    expect(await toolCard.locator('.tool-name').innerText()).toBe('exec');
    await toolCard.locator('.tool-head').click();
    expect(await toolCard.locator('.tool-body').innerText()).toContain('approved-run');
  });

  it('Deny refuses the tool and the model is told so', async () => {
    app.llm.enqueue({ toolCalls: [{ name: 'exec', arguments: { command: 'touch denied-marker.txt' } }] }, { text: 'Understood, I did not run it.' });
    await sendChat(app.page, 'Clean up');
    const card = app.page.getByRole('group', { name: /Allow exec\?/ }).last();
    await card.getByRole('button', { name: 'Deny', exact: true }).waitFor({ timeout: 10_000 });
    await card.getByRole('button', { name: 'Deny', exact: true }).click();
    await card.getByText('Denied', { exact: true }).waitFor();
    await waitIdle(app.page);
    expect(await lastAnswer(app.page)).toBe('Understood, I did not run it.');
    const toolMessage = app.llm.requests.at(-1)!.body.messages.filter((m: { role: string }) => m.role === 'tool').at(-1) as { content: string };
    expect(toolMessage.content.toLowerCase()).toContain('denied');
    expect(existsSync(join(app.home.workspace, 'denied-marker.txt'))).toBe(false);
    await app.page.locator('.tool-card').last().locator('.tool-head').click();
    await shootBothThemes(app, app.page, 'chat-tool-cards');
  });

  it('Stop while an approval waits: the tool does not run, and nobody is said to have denied it', async () => {
    app.llm.enqueue({ toolCalls: [{ name: 'exec', arguments: { command: 'touch stopped-marker.txt' } }] }, { text: 'Next answer.' });
    await sendChat(app.page, 'Make a marker');
    const card = app.page.getByRole('group', { name: /Allow exec\?/ }).last();
    await card.getByRole('button', { name: 'Deny', exact: true }).waitFor({ timeout: 10_000 });
    await app.page.getByRole('button', { name: 'Stop the answer' }).click();
    await card.getByText('Not run — the turn was stopped', { exact: true }).waitFor();
    await waitIdle(app.page);
    expect(existsSync(join(app.home.workspace, 'stopped-marker.txt'))).toBe(false);
    // the next turn tells the model the truth about that call
    await sendChat(app.page, 'What happened?');
    await waitIdle(app.page);
    const toolMessage = app.llm.requests.at(-1)!.body.messages.filter((m: { role: string }) => m.role === 'tool').at(-1) as { content: string };
    expect(toolMessage.content).toContain('the turn was stopped while its approval request was waiting');
    expect(toolMessage.content).not.toContain('the user denied');
  });

  it('Always allow saves a rule that settings lists and can revoke', async () => {
    app.llm.enqueue({ toolCalls: [{ name: 'exec', arguments: { command: 'echo remembered' } }] }, { text: 'Ran it again.' });
    await sendChat(app.page, 'Run echo, and do not ask next time');
    const card = app.page.getByRole('group', { name: /Allow exec\?/ }).last();
    await card.getByRole('button', { name: /Always allow/ }).waitFor({ timeout: 10_000 });
    await card.getByRole('button', { name: /Always allow/ }).click();
    await card.getByText('Always allowed', { exact: true }).waitFor();
    await waitIdle(app.page);
    await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
    const rules = app.page.getByRole('list', { name: 'Always-allow rules' });
    await rules.waitFor();
    const rule = rules.getByRole('listitem').first();
    expect(await rule.innerText()).toContain('echo');
    await rule.getByRole('button', { name: /^Revoke/ }).click();
    await rules.waitFor({ state: 'detached' });
    await app.page.getByText('No saved rules.').waitFor();
    await app.page.getByRole('button', { name: 'Chat', exact: true }).click();
    expect(app.pageErrors).toEqual([]);
  });
});
