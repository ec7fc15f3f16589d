// chat:send (desktop chat, quick-ask, browser host) treats a leading `/` as a slash command, never a model call.
import { afterEach, expect, it } from 'vitest';
import { createChatHandlers } from '../../../src-main/core/api/handlers/chat-handlers';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import { makeTempHome, type TempHome } from '../../helpers/temp-home';

let home: TempHome | undefined;
let core: Core | undefined;
afterEach(async () => {
  await core?.dispose();
  home?.cleanup();
});

it('answers /mcp status as a system message without starting a turn', async () => {
  home = makeTempHome({ tools: { approval: { mode: 'auto' } } });
  const created = createCore({ host: 'test', home: home.home, env: {} });
  if (!created.ok) throw new Error(created.error);
  core = created.value;
  const events: CoreEvent[] = [];
  core.events.on((e) => events.push(e));
  const handlers = createChatHandlers(core);
  expect(await handlers['chat:send']({ sessionKey: 'quick:default', text: '/mcp status' })).toEqual({ ok: true, value: { turnId: '' } });
  expect(events).toEqual([
    {
      type: 'session.message',
      sessionKey: 'quick:default',
      role: 'system',
      content: 'No MCP servers configured. Add one with /mcp add <name> <command…>.',
      at: expect.any(Number),
    },
  ]);
  await handlers['chat:send']({ sessionKey: 'quick:default', text: '/mpc' });
  expect(events.at(-1)).toMatchObject({ content: "Error: unknown command '/mpc'. Did you mean /mcp?" });
  expect(events.some((e) => e.type === 'turn.started')).toBe(false);
});
