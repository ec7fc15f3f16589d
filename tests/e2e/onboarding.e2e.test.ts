// First run in real Chromium: with no provider the empty chat offers the setup — a server running on this computer
// is found and chosen, a typed address is tested before anything is saved (bad input explained, the key kept), the
// model is picked from what the server offers (the default only when it has it), and the chat then works. A message
// sent before the setup fails with a way to it, and the question is answered once the model is connected.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './helpers/e2e-app';
import { startScriptedLlm, type ScriptedLlm } from '../helpers/scripted-llm-server';
import { sendChat, shootBothThemes, waitForAnswer } from './ui-helpers';
import { deadPort } from '../helpers/dead-port';


const FIRST_RUN = { providers: {}, agent: { provider: 'openai', model: 'gpt-4.1-mini' } };
const config = (app: E2eApp) => JSON.parse(readFileSync(app.home.configFile, 'utf8')) as { providers: Record<string, any>; agent: { provider: string; model: string } };

describe('first-run setup, typed address', () => {
  let app: E2eApp;
  let dead: number;

  beforeAll(async () => {
    dead = await deadPort();
    app = await startE2eApp({ config: FIRST_RUN, env: { NANOTRAY_LOCAL_SERVERS: `ollama=http://127.0.0.1:${dead}/v1` } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('tests before it saves, explains bad input, and checks the default model against the list', async () => {
    const form = app.page.getByRole('form', { name: 'Connect a model' });
    await form.waitFor();
    const where = form.getByRole('group', { name: 'Where your model runs' });
    await where.getByText('not found on this computer').first().waitFor();
    await shootBothThemes(app, app.page, 'onboarding');

    await where.getByLabel('Another OpenAI-compatible server').check();
    const url = form.getByLabel('Address (base URL)');
    await url.fill('not an address');
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByText('An http:// or https:// address, e.g. http://127.0.0.1:11434/v1.').waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');

    await url.fill(`http://127.0.0.1:${dead}/v1`);
    await form.getByLabel('API key (if it needs one)').fill('sk-typed-0001');
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByText('It did not answer').waitFor();
    expect(await form.getByLabel('API key (if it needs one)').inputValue()).toBe('sk-typed-0001');
    expect(await form.getByRole('button', { name: 'Save and start' }).isDisabled()).toBe(true);

    await url.fill(app.llm.baseUrl);
    await form.getByRole('button', { name: 'Test connection' }).click();
    const model = form.getByLabel('Model', { exact: true });
    await model.waitFor();
    expect(await model.inputValue()).toBe('fake-model');
    expect(await form.getByRole('status').innerText()).toContain('gpt-4.1-mini (the default) is not offered by this server');
    expect(config(app).providers).toEqual({});
    await model.selectOption('fake-model-large');
    await shootBothThemes(app, app.page, 'onboarding-tested');

    await form.getByRole('button', { name: 'Save and start' }).click();
    await form.waitFor({ state: 'detached' });
    await app.page.getByText('Connected: Another OpenAI-compatible server · fake-model-large').waitFor();
    // the composer names the chosen model at once, not the first-run default until a message is sent
    await app.page.getByRole('button', { name: 'Model for this chat: default · fake-model-large. Change it' }).waitFor();
    const saved = config(app);
    expect(saved.agent).toMatchObject({ provider: 'custom', model: 'fake-model-large' });
    expect(saved.providers.custom).toMatchObject({ baseUrl: app.llm.baseUrl, apiKey: 'sk-typed-0001' });

    app.llm.enqueue({ text: 'Hello from your own server.' });
    await sendChat(app.page, 'hello');
    await waitForAnswer(app.page, 'Hello from your own server.');
    expect(app.llm.requests.at(-1)!.body.model).toBe('fake-model-large');
    expect(app.llm.requests.at(-1)!.headers.authorization).toBe('Bearer sk-typed-0001');
    expect(app.pageErrors).toEqual([]);
  });

  it('Settings → Test connection: a listed model can be picked as the default', async () => {
    await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
    await app.page.getByRole('form', { name: 'Settings' }).waitFor();
    await app.page.getByRole('button', { name: 'Test connection' }).click();
    const models = app.page.getByTestId('provider-models');
    await models.waitFor();
    expect(await models.getByRole('button', { name: 'Use fake-model-large as the default model' }).getAttribute('aria-pressed')).toBe('true');
    await models.getByRole('button', { name: 'Use fake-model as the default model' }).click();
    expect(await app.page.getByRole('textbox', { name: 'Default model', exact: true }).inputValue()).toBe('fake-model');
    await app.page.getByRole('button', { name: 'Save changes' }).click();
    await app.page.getByText('Settings saved').waitFor();
    expect(config(app).agent).toMatchObject({ provider: 'custom', model: 'fake-model' });
  });
});

describe('first-run setup from a failed first message, local server found', () => {
  let app: E2eApp;
  let lmStudio: ScriptedLlm;

  beforeAll(async () => {
    const dead = await deadPort();
    lmStudio = await startScriptedLlm(); // stands in for LM Studio on this computer
    app = await startE2eApp({ config: FIRST_RUN, env: { NANOTRAY_LOCAL_SERVERS: `ollama=http://127.0.0.1:${dead}/v1,lmstudio=${lmStudio.baseUrl}` } });
  });
  afterAll(async () => {
    await app?.close();
    await lmStudio?.close();
  });

  it('a message sent before the setup offers it; the question is answered once connected', async () => {
    const form = app.page.getByRole('form', { name: 'Connect a model' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Set up later' }).click();
    await sendChat(app.page, 'What is the capital of Chile?');
    const failure = app.page.getByRole('group', { name: 'The answer failed' });
    await failure.waitFor();
    // in the user's words, not config.json's or the desktop app's
    expect(await failure.innerText()).toContain('No model is connected yet. Set one up, and this question is answered right after.');
    expect(await failure.innerText()).not.toMatch(/config\.json|OPENAI_API_KEY|desktop app/);
    // a screen reader hears the same words the screen shows
    const heard = app.page.getByTestId('answer-live-region');
    await expect.poll(() => heard.innerText()).toContain('The answer failed: No model is connected yet. Set one up, and this question is answered right after.');
    expect(await heard.innerText()).not.toMatch(/config\.json|OPENAI_API_KEY|desktop app/);
    await failure.getByRole('button', { name: 'Set up a model' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Connect a model' });
    await dialog.waitFor();
    // the server running here is found and chosen, with the models it offers
    await dialog.getByText('running on this computer · 2 models').waitFor();
    expect(await dialog.getByLabel('LM Studio').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Model', { exact: true }).inputValue()).toBe('fake-model');
    lmStudio.enqueue({ text: 'Santiago.' });
    await dialog.getByRole('button', { name: 'Save and start' }).click();
    await waitForAnswer(app.page, 'Santiago.');
    expect(config(app).agent).toMatchObject({ provider: 'lmstudio', model: 'fake-model' });
    expect(config(app).providers.lmstudio).toMatchObject({ baseUrl: lmStudio.baseUrl });
    expect(await app.page.locator('[data-role="user"]').count()).toBe(1);
    expect(await failure.count()).toBe(0);
  });
});
