// The browser host restarts under an open tab (same port, same token, as `nanotray web` does): the tab says the
// connection is lost, keeps what the user types, offers "Try now", reconnects without a new URL and works again;
// a host that comes back with another token refuses the tab for good, and says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type WebHost } from '../../src-main/host/web/web-host';
import { BUILT_RENDERER, startE2eApp, type E2eApp } from './helpers/e2e-app';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';

describe('browser host restart', () => {
  let app: E2eApp;
  let restarted: WebHost | undefined;

  const restart = async (token: string): Promise<WebHost> => {
    const started = await startWebHost({ core: app.core, rendererDir: BUILT_RENDERER, port: app.host.port, token, version: 'e2e', logError: () => undefined });
    if (!started.ok) throw new Error(started.error);
    return started.value;
  };

  beforeAll(async () => {
    app = await startE2eApp();
    await app.page.getByRole('textbox', { name: 'Message' }).waitFor();
  });
  afterAll(async () => {
    await restarted?.close();
    await app?.close();
  });

  it('reconnects after a restart without a new URL, keeping what was typed', async () => {
    app.llm.enqueue({ text: 'Before the restart.' });
    await sendChat(app.page, 'one');
    await waitForAnswer(app.page, 'Before the restart.');

    await app.host.close();
    await app.page.getByText('Connection to Nanotray lost').waitFor();
    const box = app.page.getByRole('textbox', { name: 'Message' });
    await box.fill('typed while the host was down');
    await shootBothThemes(app, app.page, 'web-connection-lost');

    restarted = await restart(app.host.token);
    await app.page.getByRole('button', { name: 'Try now' }).click();
    await app.page.getByText('Connection to Nanotray lost').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await box.inputValue()).toBe('typed while the host was down');
    app.llm.enqueue({ text: 'After the restart.' });
    await box.press('Enter');
    await waitForAnswer(app.page, 'After the restart.');
    expect(new URL(app.page.url()).port).toBe(String(app.host.port));
  });

  it('a host back with another token refuses the tab, and says so', async () => {
    await restarted!.close();
    restarted = await restart('another-token-0123456789abcdefABCDEF');
    await app.page.getByText('Nanotray refused this page').waitFor({ timeout: 20_000 });
    expect(await app.page.getByRole('button', { name: 'Try now' }).count()).toBe(0);
  });
});
