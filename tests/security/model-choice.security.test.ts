// The user owns the app, the agent does not own itself: through the real agent loop a hijacked model that tries to
// switch its own model preset or raise its limits with `my set` is refused while tools.my.allowSet is false (and
// audited), whether it asks once or writes "/model" as its answer; the user's own choice (the chat's picker over IPC,
// `/model` typed by the user) is always allowed, and the runtime panel's `runtime:set` keeps the agent's boundary.
import { describe, expect, it } from 'vitest';
import { createApiHandlers } from '../../src-main/core/api/api-handlers';
import { headlessHost } from '../../src-main/core/api/api-host';
import { createDispatcher } from '../../src-main/core/api/dispatch';
import { listAudit } from '../../src-main/core/store/audit.repo';
import { getSession } from '../../src-main/core/store/sessions.repo';
import { useScriptedCore } from '../helpers/scripted-core';

const t = useScriptedCore({ approvalMode: 'auto' });
const S = 'desktop:main';
const PRESETS = { modelPresets: { smart: { model: 'smart-model' }, cheap: { model: 'cheap-model' } } };

describe('who may change the model', () => {
  it('a hijacked model cannot switch its own preset or raise its limits; the user can', async () => {
    const core = t.open(PRESETS);
    const dispatch = createDispatcher(createApiHandlers(core, headlessHost('electron', '1.0.0')), { logError: () => undefined });
    const call = (channel: string, payload: unknown) => dispatch(channel, payload) as Promise<{ ok: boolean; value?: any; error?: { code: string } }>;

    // the user picks "cheap" for this chat
    expect((await call('chat:set-model-preset', { sessionKey: S, preset: 'cheap' })).value).toMatchObject({ preset: 'cheap', model: 'cheap-model' });

    // a page the model read told it to take the expensive model and more steps
    t.llm.enqueue(
      {
        toolCalls: [
          { id: 'a', name: 'my', arguments: { action: 'set', key: 'model_preset', value: 'smart' } },
          { id: 'b', name: 'my', arguments: { action: 'set', key: 'max_iterations', value: 100 } },
        ],
      },
      { text: '/model smart' },
    );
    const turn = await core.sessions.run({ sessionKey: S, text: 'summarise this page', interactive: true });
    expect(turn.text).toBe('/model smart');
    const results = (t.llm.requests.at(-1)!.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'tool');
    expect(results.map((m) => m.content)).toEqual([
      'Error: set is disabled (tools.my.allow_set is false)',
      'Error: set is disabled (tools.my.allow_set is false)',
    ]);
    // an answer that reads like a command is only text: nothing ran it
    expect(getSession(core.db, S)?.meta.modelPreset).toBe('cheap');
    expect(core.overrides.maxIterations).toBeUndefined();
    expect(t.llm.requests.at(-1)!.body.model).toBe('cheap-model');

    // the panel acting on the agent's self-settings keeps the same boundary over IPC
    expect((await call('runtime:set', { key: 'model_preset', value: 'smart', sessionKey: S })).error?.code).toBe('forbidden');
    expect(getSession(core.db, S)?.meta.modelPreset).toBe('cheap');

    // the user's own /model is allowed
    expect((await call('chat:send', { sessionKey: S, text: '/model smart' })).ok).toBe(true);
    expect(getSession(core.db, S)?.meta.modelPreset).toBe('smart');

    const audit = listAudit(core.db, 10).map((a) => `${a.source} ${a.outcome} ${a.detail}`);
    expect(audit).toEqual([
      `ui accepted model_preset: "cheap" -> "smart" (the user's choice)`,
      'ui disabled DISABLED model_preset',
      'tool disabled DISABLED max_iterations',
      'tool disabled DISABLED model_preset',
      `ui accepted model_preset: "default" -> "cheap" (the user's choice)`,
    ]);
  });

  it('the user cannot pick a preset that does not exist, and nothing changes', async () => {
    const core = t.open(PRESETS);
    const dispatch = createDispatcher(createApiHandlers(core, headlessHost('electron', '1.0.0')), { logError: () => undefined });
    const answer = (await dispatch('chat:set-model-preset', { sessionKey: S, preset: 'gpt-9' })) as { ok: boolean; error?: { code: string; message: string } };
    expect(answer.error).toEqual({ code: 'not_found', message: "Error: model_preset 'gpt-9' not found. Available: cheap, default, smart." });
    expect(getSession(core.db, S)?.meta.modelPreset).toBeUndefined();
  });
});
