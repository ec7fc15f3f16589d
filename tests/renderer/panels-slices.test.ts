// Runtime, scheduler, settings and sessions slices against a fake API: policy answers kept as messages,
// presets switched through the same `set`, whole-patch saves with field paths, search races, deletes.
import { describe, expect, it } from 'vitest';
import { fail, makeTestStore, ok } from './fake-api';

const S = 'desktop:a';

describe('runtime slice', () => {
  it('sends set attempts for the selected session and keeps the policy answer, errors included; the preset is the user\'s choice', async () => {
    const { store, fake } = makeTestStore({
      chat: { setModelPreset: (input: { preset: string }) => ok({ preset: input.preset, model: 'f', text: 'Set model_preset = "fast" for the next turn' }) },
      runtime: {
        set: (input: { key: string; value: unknown }) =>
          input.key === 'max_iterations' ? fail('invalid_input', "Error: 'max_iterations' must be <= 100") : ok({ key: input.key, text: 'Set model_preset = "fast" for the next turn' }),
        overview: () => ok({ entries: [], allowSet: true }),
        presets: () => ok({ presets: [{ name: 'default', model: 'm' }, { name: 'fast', model: 'f' }], active: 'fast' }),
        check: (input: { key: string }) => ok({ key: input.key, text: `${input.key}: {}`, display: '{}' }),
        audit: () => ok({ entries: [] }),
      },
    });
    store.setState({ activeSessionKey: S });
    expect(await store.getState().setRuntimeValue('max_iterations', 500)).toBe(false);
    expect(await store.getState().switchPreset('fast')).toBe(true);
    expect(fake.calls.filter((c) => c.method === 'runtime.set').map((c) => c.input)).toEqual([{ key: 'max_iterations', value: 500, sessionKey: S }]);
    // not through the agent's policy gate (runtime.set / allowSet): the user's own choice
    expect(fake.calls.filter((c) => c.method === 'chat.setModelPreset').map((c) => c.input)).toEqual([{ sessionKey: S, preset: 'fast' }]);
    expect(store.getState().policyMessages.map((m) => [m.ok, m.text])).toEqual([
      [true, 'Set model_preset = "fast" for the next turn'],
      [false, "Error: 'max_iterations' must be <= 100"],
    ]);
    expect(store.getState().activePreset).toBe('fast');
  });

  it('records live usage per session', () => {
    const { store, fake } = makeTestStore();
    fake.emit({ type: 'usage', sessionKey: S, turnId: 't', model: 'fake', usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 } });
    expect(store.getState().liveUsage[S]).toEqual({ promptTokens: 10, completionTokens: 5, totalTokens: 15, model: 'fake' });
  });
});

describe('scheduler slice', () => {
  const status = {
    enabled: true,
    paused: false,
    running: false,
    state: 'idle' as const,
    intervalMinutes: 30,
    nextRunAt: null,
    lastRun: null,
    tokensToday: 0,
    dailyTokenBudget: 0,
    timeZone: 'UTC',
    recentRuns: [],
  };
  const run = { id: 1, startedAt: 5, durationMs: 40, outcome: 'notified' as const, reason: { code: 'none' as const }, message: 'Water the basil', tokens: 15 };

  it('run now keeps the outcome; pause adopts the new status', async () => {
    const { store } = makeTestStore({
      heartbeat: { runNow: () => ok(run), status: () => ok({ ...status, lastRun: run, recentRuns: [run] }), pause: () => ok({ ...status, paused: true }) },
    });
    expect(await store.getState().runHeartbeatNow()).toEqual(run);
    expect(store.getState().heartbeatRuns).toEqual([run]);
    await store.getState().pauseHeartbeat();
    expect(store.getState().heartbeat?.paused).toBe(true);
  });

  it('a refused cron job returns the core message', async () => {
    const { store } = makeTestStore({ cron: { add: () => fail('invalid_input', "Error: '61 * * * *' is not a valid cron expression") } });
    expect(await store.getState().addCronJob({ name: 'x', message: 'y', schedule: { kind: 'cron', expr: '61 * * * *' } })).toBe("Error: '61 * * * *' is not a valid cron expression");
    expect(store.getState().cronJobs).toEqual([]);
  });
});

describe('settings slice', () => {
  it('a refused save names the field path and changes nothing', async () => {
    const { store } = makeTestStore({ settings: { update: () => fail('invalid_input', 'heartbeat.intervalMinutes: Too small: expected number to be >=1') } });
    expect(await store.getState().saveSettings({ heartbeat: { intervalMinutes: 0 } })).toEqual({
      ok: false,
      message: 'heartbeat.intervalMinutes: Too small: expected number to be >=1',
      path: 'heartbeat.intervalMinutes',
    });
    expect(store.getState().settings).toBeNull();
  });
});

describe('sessions slice', () => {
  it('ignores a search answer that arrives after a newer query', async () => {
    const answers: Array<(v: unknown) => void> = [];
    const { store } = makeTestStore({ chat: { search: () => new Promise((r) => answers.push(r)) } });
    const first = store.getState().searchHistory('tea');
    const second = store.getState().searchHistory('teapot');
    answers[1]!(ok({ hits: [{ messageId: 2, sessionKey: S, sessionTitle: 'B', role: 'user', snippet: '[teapot]', createdAt: 1 }] }));
    await second;
    answers[0]!(ok({ hits: [{ messageId: 1, sessionKey: S, sessionTitle: 'A', role: 'user', snippet: '[tea]', createdAt: 1 }] }));
    await first;
    expect(store.getState().searchHits?.map((h) => h.messageId)).toEqual([2]);
  });

  it('deleting the open chat drops its thread and deselects it', async () => {
    const { store } = makeTestStore({
      chat: {
        deleteSession: () => ok({ deleted: true }),
        history: () => ok({ sessionKey: S, messages: [], toolEvents: [], hasMore: false }),
      },
    });
    store.setState({ sessions: [{ key: S, channel: 'desktop', title: 'A', createdAt: 1, updatedAt: 1, busy: false }] });
    await store.getState().selectSession(S);
    expect(await store.getState().deleteSession(S)).toBe(true);
    expect(store.getState().sessions).toEqual([]);
    expect(store.getState().threads[S]).toBeUndefined();
    expect(store.getState().activeSessionKey).toBeNull();
  });

  it('New chat reuses the open chat while it is still empty', async () => {
    let created = 0;
    const { store } = makeTestStore({
      chat: {
        newSession: () => ok({ sessionKey: `desktop:n${++created}` }),
        history: (input: { sessionKey: string }) => ok({ sessionKey: input.sessionKey, messages: [], toolEvents: [], hasMore: false }),
      },
    });
    expect(await store.getState().newChat()).toBe('desktop:n1');
    expect(await store.getState().newChat()).toBe('desktop:n1');
    expect(created).toBe(1);
    expect(store.getState().sessions.map((x) => x.key)).toEqual(['desktop:n1']);
  });

  it('a notify event becomes a toast that can open its chat', () => {
    const { store, fake } = makeTestStore();
    fake.emit({ type: 'notify', title: 'Nanotray heartbeat', body: 'Water the basil', sessionKey: 'heartbeat:default', kind: 'heartbeat' });
    expect(store.getState().toasts).toMatchObject([{ title: 'Nanotray heartbeat', body: 'Water the basil', tone: 'info', sessionKey: 'heartbeat:default' }]);
  });
});

describe('toasts', () => {
  it('a toast of the same topic replaces the earlier one; others stay', () => {
    const { store } = makeTestStore({});
    store.getState().pushToast({ title: 'Memory updated', body: '', tone: 'info' });
    store.getState().pushToast({ title: '“Theme” saved', body: '', tone: 'success', topic: 'settings' });
    store.getState().pushToast({ title: '“Language” saved', body: '', tone: 'success', topic: 'settings' });
    expect(store.getState().toasts.map((t) => t.title)).toEqual(['Memory updated', '“Language” saved']);
  });
});
