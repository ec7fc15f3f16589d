// One front door for typed text: the same text is a command (or not) in the window, quick ask, the API and the CLI,
// because every one of them routes by the contract's rule through core/commands/command-front-door.
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../src-main/core/nanotray-core';
import { createApiHandlers } from '../../../src-main/core/api/api-handlers';
import { createDispatcher } from '../../../src-main/core/api/dispatch';
import { headlessHost } from '../../../src-main/core/api/api-host';
import { routeInput } from '../../../src-main/core/commands/command-front-door';
import { isSlashCommand } from '../../../src-preload/contract/slash-command-rule';
import { useCliHarness } from '../../host/cli/cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });

/** Typed text and whether it is a command: the table every host must agree on. */
const TEXTS: Array<[string, boolean]> = [
  ['/help', true],
  ['  /help', true],
  ['/', true],
  ['/?', true],
  ['/nosuch', true],
  ['hello /help', false],
  ['/123', false],
  ['/ tmp', false],
  ['//x', false],
];

describe('the command front door', () => {
  it('the contract rule (what the window and quick ask read) says what the table says', () => {
    expect(TEXTS.map(([text]) => [text, isSlashCommand(text)])).toEqual(TEXTS);
  });

  it('routes a command once, a message as typed, and a paste or an attachment as a message whatever it says', async () => {
    let runs = 0;
    const commands = {
      execute: async () => {
        runs++;
        return { handled: true, output: 'ran' };
      },
    };
    expect(await routeInput(commands, 's', '/help')).toEqual({ kind: 'answered', result: { handled: true, output: 'ran' } });
    expect(await routeInput(commands, 's', 'hello')).toEqual({ kind: 'message', text: 'hello' });
    expect(await routeInput(commands, 's', '/help', { asText: true })).toEqual({ kind: 'message', text: '/help' });
    expect(await routeInput(commands, 's', '/help', { hasAttachments: true })).toEqual({ kind: 'message', text: '/help' });
    expect(runs).toBe(1);
    const prompt = { execute: async () => ({ handled: true, output: '', send: { text: 'Review this diff.' } }) };
    expect(await routeInput(prompt, 's', '/gh:review')).toMatchObject({ kind: 'message', text: 'Review this diff.' });
  });

  it('the API (the window and quick ask through commands:run) and the CLI route the table the same way', async () => {
    t.open();
    const created = createCore({ host: 'test', home: t.home.home, env: {} });
    if (!created.ok) throw new Error(created.error);
    const core = created.value;
    const dispatch = createDispatcher(createApiHandlers(core, headlessHost('electron', '1.0.0')), { logError: () => undefined });
    try {
      for (const [text, isCommand] of TEXTS) {
        // The window sends the trimmed line; commands:run takes only lines starting with `/`.
        const line = text.trim();
        if (!line.startsWith('/')) continue;
        const ran = (await dispatch('commands:run', { sessionKey: 'quick:default', text: line })) as { ok: boolean; value?: { handled: boolean } };
        expect({ text, handled: ran.value?.handled }).toEqual({ text, handled: isCommand });
      }
    } finally {
      await core.dispose();
    }
    for (const [text, isCommand] of TEXTS) {
      if (!isCommand) t.llm.enqueue({ text: 'answered by the model' });
      const before = t.llm.requests.length;
      const io = await t.run(['agent', '-m', text, '--session', 'routes']);
      expect({ text, modelCalled: t.llm.requests.length > before }).toEqual({ text, modelCalled: !isCommand });
      if (!isCommand) expect(io.out).toBe('answered by the model\n');
    }
  });
});
