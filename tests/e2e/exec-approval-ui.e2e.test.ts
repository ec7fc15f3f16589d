// Exec approvals in real Chromium: the card says why no rule covers a command and whether it runs in the OS
// sandbox, offers "Always allow" only where a rule could cover it; the runtime panel shows the sandbox state.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { axeViolations } from './helpers/axe';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

describe('exec approvals', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ config: { tools: { approval: { mode: 'ask' }, restrictToWorkspace: false } } });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a command no rule can cover: the reason, the sandbox, and no "Always allow"', async () => {
    const command = "git -c core.fsmonitor='touch pwned' status";
    app.llm.enqueue({ toolCalls: [{ name: 'exec', arguments: { command } }] }, { text: 'Not run.' });
    await sendChat(app.page, 'Check the repository');
    const card = app.page.getByRole('group', { name: /Allow exec\?/ });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('Not covered by a rule: The option git -c makes the program run other code.');
    expect(text).toContain('Runs in the OS sandbox (bubblewrap)');
    expect(await card.getByRole('button', { name: /Always allow/ }).count()).toBe(0);
    expect(await axeViolations(app.page, '.approval-card')).toEqual([]);
    await shootBothThemes(app, app.page, 'exec-approval-uncoverable');
    await card.getByRole('button', { name: 'Deny', exact: true }).click();
    await waitForAnswer(app.page, 'Not run.');
    expect(existsSync(join(app.core.workspace(), 'pwned'))).toBe(false);
  });

  it('an interpreter: "Always allow" remembers exactly that command', async () => {
    app.llm.enqueue({ toolCalls: [{ name: 'exec', arguments: { command: 'python3 build.py' } }] }, { text: 'Asked.' });
    await sendChat(app.page, 'Build it');
    // the denied card of the test before stays in the chat: wait for this command's own card
    const card = app.page.getByRole('group', { name: /Allow exec\?/ }).filter({ hasText: 'python3 build.py' }).last();
    await card.waitFor();
    expect(await card.innerText()).toContain('python3 is an interpreter: only a rule for this exact command covers it.');
    expect(await card.getByRole('button', { name: /Always allow/ }).innerText()).toContain('exec: exactly: python3 build.py');
    await shootBothThemes(app, app.page, 'exec-approval-interpreter');
    await card.getByRole('button', { name: 'Deny', exact: true }).click();
    await waitForAnswer(app.page, 'Asked.');
  });

  it('the runtime panel shows the exec sandbox', async () => {
    await app.page.getByRole('button', { name: 'Runtime', exact: true }).click();
    const row = app.page.getByTestId('exec-sandbox');
    await row.waitFor();
    expect(await row.innerText()).toContain('Runs in the OS sandbox (bubblewrap)');
    expect(await axeViolations(app.page, '.kv')).toEqual([]);
    await row.scrollIntoViewIfNeeded();
    await shootBothThemes(app, app.page, 'runtime-exec-sandbox');
    expect(app.pageErrors).toEqual([]);
  });
});
