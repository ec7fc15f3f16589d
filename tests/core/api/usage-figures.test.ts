// Tokens and cost through the real loop: each turn's model calls summed in the history (per answer), the session's
// and today's totals in the runtime overview, priced from config.json's `prices` — and no cost for an unpriced model.
import { describe, expect, it } from 'vitest';
import { createApiHandlers } from '../../../src-main/core/api/api-handlers';
import { headlessHost } from '../../../src-main/core/api/api-host';
import { createDispatcher } from '../../../src-main/core/api/dispatch';
import { useScriptedCore } from '../../helpers/scripted-core';

const S = 'desktop:usage';
type Answer = { ok: boolean; value?: any };

describe('usage figures', () => {
  const t = useScriptedCore({ approvalMode: 'auto' });

  it('sums a turn\'s model calls, and prices the turn, the chat and the day', async () => {
    const core = t.open({ prices: { 'fake-model': { input: 2, output: 10 } } });
    const dispatch = createDispatcher(createApiHandlers(core, headlessHost('web', '1.0.0')), { logError: () => undefined });
    const call = (channel: string, payload?: unknown) => dispatch(channel, payload) as Promise<Answer>;
    t.llm.enqueue(
      { toolCalls: [{ name: 'list_dir', arguments: { path: '.' } }], usage: { prompt_tokens: 1000, completion_tokens: 100 } },
      { text: 'Done.', usage: { prompt_tokens: 1500, completion_tokens: 200 } },
      { text: 'Again.', usage: { prompt_tokens: 3000, completion_tokens: 50 } },
    );
    const first = await core.sessions.run({ sessionKey: S, text: 'look', interactive: true });
    const second = await core.sessions.run({ sessionKey: S, text: 'more', interactive: true });
    const history = (await call('chat:history', { sessionKey: S })).value;
    expect(history.turnUsage[first.turnId]).toEqual({ promptTokens: 2500, completionTokens: 300, totalTokens: 2800, cost: (2500 * 2 + 300 * 10) / 1e6 });
    expect(history.turnUsage[second.turnId]).toMatchObject({ totalTokens: 3050, cost: (3000 * 2 + 50 * 10) / 1e6 });

    const overview = (await call('runtime:overview', { sessionKey: S })).value;
    expect(overview.sessionUsage).toEqual({ promptTokens: 5500, completionTokens: 350, totalTokens: 5850, cost: (5500 * 2 + 350 * 10) / 1e6 });
    expect(overview.usageToday).toMatchObject({ totalTokens: 5850, cost: (5500 * 2 + 350 * 10) / 1e6 });
  });

  it('gives tokens but no cost when the model has no price', async () => {
    const core = t.open({});
    const dispatch = createDispatcher(createApiHandlers(core, headlessHost('web', '1.0.0')), { logError: () => undefined });
    t.llm.enqueue({ text: 'Hi.', usage: { prompt_tokens: 10, completion_tokens: 2 } });
    const turn = await core.sessions.run({ sessionKey: S, text: 'hi', interactive: true });
    const history = ((await dispatch('chat:history', { sessionKey: S })) as Answer).value;
    expect(history.turnUsage[turn.turnId]).toEqual({ promptTokens: 10, completionTokens: 2, totalTokens: 12 });
    const overview = ((await dispatch('runtime:overview', { sessionKey: S })) as Answer).value;
    expect(overview.sessionUsage).toEqual({ promptTokens: 10, completionTokens: 2, totalTokens: 12 });
    expect(overview.usageToday.cost).toBeUndefined();
  });
});
