// The browser host's transport in real Chromium: the web bridge connects with the token, a message streams
// back through `core:event`, and a page without the token gets no connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStubRenderer } from './helpers/stub-renderer';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { gate } from '../helpers/scripted-llm-server';

describe('web bridge over the browser host', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp({ rendererDir: await buildStubRenderer() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('connects with the token and hides it from the address bar', async () => {
    await app.page.waitForFunction(() => document.getElementById('status')?.textContent === 'open');
    expect(app.page.url()).toBe(`http://127.0.0.1:${app.host.port}/`);
    expect(app.host.clientCount()).toBe(1);
  });

  it('streams the scripted answer token by token', async () => {
    // The model holds the rest until the page shows the first words: streamed, not delivered at the end (how many
    // token events carry the text is the core's business, so the test does not count them).
    const rest = gate();
    // after the role chunk and 'Hello '
    app.llm.enqueue({ text: ['Hello ', 'from ', 'the stub'], holds: [{ afterChunks: 2, until: rest.promise }] });
    await app.page.fill('#input', 'hi there');
    await app.page.click('#send');
    await app.page.waitForFunction(() => document.getElementById('answer')?.textContent?.startsWith('Hello'));
    expect(await app.page.getAttribute('#answer', 'data-done')).toBeNull();
    rest.open();
    await app.page.waitForFunction(() => document.getElementById('answer')?.getAttribute('data-done') === 'completed');
    expect(await app.page.textContent('#answer')).toBe('Hello from the stub');
    const events = (await app.page.textContent('#events'))!.trim().split('\n');
    expect(events[0]).toBe('session.changed');
    expect(events).toContain('turn.started');
    expect(events.filter((e) => e === 'token').length).toBeGreaterThanOrEqual(2);
    const lastUser = app.llm.requests.at(-1)?.body.messages.at(-1) as { role: string; content: string };
    expect(lastUser.role).toBe('user');
    expect(lastUser.content.startsWith('hi there')).toBe(true);
  });

  it('a page opened without the token gets no bridge', async () => {
    const page = await app.context!.newPage();
    await page.goto(`http://127.0.0.1:${app.host.port}/`);
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'no-bridge');
    expect(app.host.clientCount()).toBe(1);
    await page.close();
  });
});
