// Session runner through createCore against the scripted server: round trip, persistence, queueing, cancel.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import { defineTool, ok } from '../../../src-main/core/tools/tool';
import { listMessages } from '../../../src-main/core/store/messages.repo';
import { loadHistory } from '../../../src-main/core/context/stored-history';
import { getSession, updateSessionMeta } from '../../../src-main/core/store/sessions.repo';
import { FakeProvider } from './fake-provider';
import type { LlmResponse } from '../../../src-main/core/model/llm-provider';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { startScriptedLlm, type ScriptedLlm } from '../../helpers/scripted-llm-server';
import { makeTempHome, testConfig, type TempHome } from '../../helpers/temp-home';
import { withoutRuntimeNote, withoutRuntimeNotes } from '../../helpers/runtime-note';

let llm: ScriptedLlm;
let home: TempHome;
let core: Core;

beforeAll(async () => {
  llm = await startScriptedLlm();
});
afterAll(async () => {
  await llm.close();
});

function makeCore(extra: Record<string, unknown> = {}): Core {
  home = makeTempHome(testConfig(llm.baseUrl, 'auto', extra));
  const created = createCore({ host: 'test', home: home.home, env: {} });
  if (!created.ok) throw new Error(created.error);
  core = created.value;
  return core;
}

afterEach(async () => {
  await core?.dispose();
  home?.cleanup();
  llm.requests.length = 0;
  llm.setFallback(undefined);
});

const echoTool = defineTool({
  name: 'echo',
  description: 'Echoes text back.',
  params: z.object({ text: z.string() }),
  category: 'read',
  async run(args) {
    return ok(`echo: ${args.text}`);
  },
});

describe('SessionRunner', () => {
  it('runs a tool round trip, streams tokens and persists a valid history', async () => {
    makeCore();
    core.tools.register(echoTool);
    llm.enqueue({ toolCalls: [{ name: 'echo', arguments: { text: 'hi' }, id: 'call_a' }] }, { text: ['Done: ', 'echo: hi'] });
    const events: CoreEvent[] = [];
    core.events.on((e) => events.push(e));
    const result = await core.sessions.run({ sessionKey: 'cli:default', text: 'please echo hi' });
    expect(result.stopReason).toBe('completed');
    expect(result.text).toBe('Done: echo: hi');
    expect(result.iterations).toBe(2);
    expect(result.usage).toEqual({ promptTokens: 20, completionTokens: 10, totalTokens: 30 });
    expect(events.filter((e) => e.type === 'token').map((e) => (e as { text: string }).text)).toEqual(['Done: ', 'echo: hi']);
    const finished = events.find((e) => e.type === 'tool.finished');
    expect(finished).toMatchObject({ name: 'echo', ok: true, result: 'echo: hi', callId: 'call_a' });
    const second = llm.requests[1]!.body;
    expect(second.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_a', content: 'echo: hi' });
    const rows = listMessages(core.db, 'cli:default');
    expect(rows.map((r) => r.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(getSession(core.db, 'cli:default')!.title).toBe('please echo hi');
    expect(getSession(core.db, 'cli:default')!.meta.lastUsage).toEqual({ promptTokens: 20, completionTokens: 10, totalTokens: 30 });
    expect(loadHistory(core.db, 'cli:default')).toHaveLength(4);
  });

  it('offers a tool that appears mid-turn on the very next model call', async () => {
    makeCore();
    const lateTool = defineTool({
      name: 'late_tool',
      description: 'Registered while the turn runs.',
      params: z.object({}),
      category: 'read',
      async run() {
        return ok('late ok');
      },
    });
    const installer = defineTool({
      name: 'install_late',
      description: 'Registers late_tool.',
      params: z.object({}),
      category: 'read',
      async run() {
        core.tools.register(lateTool);
        return ok('installed');
      },
    });
    core.tools.register(installer);
    llm.enqueue({ toolCalls: [{ name: 'install_late', arguments: {} }] }, { toolCalls: [{ name: 'late_tool', arguments: {} }] }, { text: 'done' });
    const result = await core.sessions.run({ sessionKey: 'cli:late', text: 'go' });
    expect(result.stopReason).toBe('completed');
    const toolNames = (i: number) => (llm.requests[i]!.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);
    expect(toolNames(0)).not.toContain('late_tool');
    expect(toolNames(1)).toContain('late_tool');
    expect(llm.requests[2]!.body.messages.at(-1)).toMatchObject({ role: 'tool', content: 'late ok' });
  });

  it('resumes a session: the next turn sends the earlier messages, including tool calls and results', async () => {
    makeCore();
    core.tools.register(echoTool);
    llm.enqueue({ toolCalls: [{ name: 'echo', arguments: { text: 'x' }, id: 'call_r' }] }, { text: 'first answer' });
    await core.sessions.run({ sessionKey: 'cli:resume', text: 'first question' });
    await core.dispose();
    // A new core on the same home (a restart) continues the conversation.
    const reopened = createCore({ host: 'test', home: home.home, env: {} });
    if (!reopened.ok) throw new Error(reopened.error);
    core = reopened.value;
    llm.enqueue({ text: 'second answer' });
    const result = await core.sessions.run({ sessionKey: 'cli:resume', text: 'second question' });
    expect(result.text).toBe('second answer');
    const sent = withoutRuntimeNotes(llm.requests.at(-1)!.body.messages.slice(1));
    expect(sent).toEqual([
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_r', type: 'function', function: { name: 'echo', arguments: '{"text":"x"}' } }] },
      { role: 'tool', tool_call_id: 'call_r', content: 'echo: x' },
      { role: 'assistant', content: 'first answer' },
      { role: 'user', content: 'second question' },
    ]);
  });

  it("uses the session's model preset, ends the system prompt with extraSystem and dates the newest user message", async () => {
    makeCore({ modelPresets: { big: { model: 'fake-model-large', provider: 'test' } } });
    updateSessionMeta(core.db, 'cli:preset', { modelPreset: 'big' });
    llm.enqueue({ text: 'hi' });
    await core.sessions.run({ sessionKey: 'cli:preset', text: 'hello', extraSystem: 'EXTRA NOTE' });
    const body = llm.requests.at(-1)!.body;
    expect(body.model).toBe('fake-model-large');
    expect(body.messages[0].role).toBe('system');
    expect(body.messages[0].content).toMatch(/\n\nEXTRA NOTE$/);
    expect(body.messages.at(-1).content).toMatch(/^hello\n\n\[Runtime context: \d{4}-\d\d-\d\d \d\d:\d\d \(\w+\), time zone [^;]+; channel cli\]$/);
  });

  it('a turn without persistUserMessage still sends the message but stores only the answer', async () => {
    makeCore();
    llm.enqueue({ text: 'nothing to report' });
    const result = await core.sessions.run({ sessionKey: 'heartbeat', text: 'check HEARTBEAT.md', persistUserMessage: false, source: 'heartbeat' });
    expect(result.text).toBe('nothing to report');
    expect(withoutRuntimeNote(llm.requests.at(-1)!.body.messages.at(-1))).toEqual({ role: 'user', content: 'check HEARTBEAT.md' });
    expect(listMessages(core.db, 'heartbeat').map((m) => [m.role, m.content])).toEqual([['assistant', 'nothing to report']]);
  });
});

describe('SessionRunner scheduling', () => {
  function delayed(text: string, ms: number, log: string[]) {
    return async (): Promise<{ ok: true; value: LlmResponse }> => {
      log.push(`start ${text}`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`end ${text}`);
      return { ok: true, value: { content: text, toolCalls: [], finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } } };
    };
  }

  function fakeCore(provider: FakeProvider): Core {
    home = makeTempHome(testConfig('http://127.0.0.1:9/v1', 'auto'));
    const created = createCore({ host: 'test', home: home.home, env: {}, createProvider: () => provider });
    if (!created.ok) throw new Error(created.error);
    core = created.value;
    return core;
  }

  it('runs one turn at a time within a session, in order', async () => {
    const log: string[] = [];
    fakeCore(new FakeProvider(delayed('one', 40, log), delayed('two', 5, log)));
    const first = core.sessions.run({ sessionKey: 's:1', text: 'a' });
    const second = core.sessions.run({ sessionKey: 's:1', text: 'b' });
    expect(core.sessions.isBusy('s:1')).toBe(true);
    expect(core.sessions.isBusy('s:2')).toBe(false);
    expect((await first).text).toBe('one');
    expect((await second).text).toBe('two');
    expect(log).toEqual(['start one', 'end one', 'start two', 'end two']);
    expect(core.sessions.isBusy()).toBe(false);
    expect(listMessages(core.db, 's:1').map((m) => m.content)).toEqual(['a', 'one', 'b', 'two']);
  });

  it('runs different sessions in parallel', async () => {
    const log: string[] = [];
    fakeCore(new FakeProvider(delayed('one', 40, log), delayed('two', 5, log)));
    const [a, b] = await Promise.all([
      core.sessions.run({ sessionKey: 's:1', text: 'a' }),
      core.sessions.run({ sessionKey: 's:2', text: 'b' }),
    ]);
    expect([a.text, b.text]).toEqual(['one', 'two']);
    expect(log).toEqual(['start one', 'start two', 'end two', 'end one']);
  });

  it('reports the active turn and its iteration', async () => {
    const provider = new FakeProvider();
    fakeCore(provider);
    let seen: ReturnType<Core['sessions']['activeTurn']>;
    provider.steps.push(async () => {
      seen = core.sessions.activeTurn('s:1');
      return { ok: true, value: { content: 'x', toolCalls: [], finishReason: 'stop', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } } };
    });
    const result = await core.sessions.run({ sessionKey: 's:1', text: 'a', source: 'subagent' });
    expect(seen!).toEqual({ turnId: result.turnId, iteration: 1, startedAt: expect.any(Number), source: 'subagent' });
    expect(core.sessions.activeTurn('s:1')).toBeUndefined();
  });

  it('never rejects: a set-up failure (closed database) becomes an error result', async () => {
    fakeCore(new FakeProvider({ text: 'unused' }));
    core.db.close();
    const result = await core.sessions.run({ sessionKey: 's:1', text: 'a' });
    expect(result).toMatchObject({ stopReason: 'error', text: '', iterations: 0, error: 'The turn could not start: The database connection is not open' });
    expect(core.sessions.isBusy()).toBe(false);
    const reopened = createCore({ host: 'test', home: home.home, env: {} });
    if (!reopened.ok) throw new Error(reopened.error);
    core = reopened.value;
  });

  it('dispose cancels the running turn, skips queued ones and waits for them before the database closes', async () => {
    const provider = new FakeProvider();
    fakeCore(provider);
    provider.steps.push(
      (req) =>
        new Promise((resolve) => {
          req.signal?.addEventListener('abort', () => resolve({ ok: false, error: { kind: 'cancelled', message: 'The request was cancelled.', transient: false } }));
        }),
    );
    const running = core.sessions.run({ sessionKey: 's:1', text: 'long' });
    const queued = core.sessions.run({ sessionKey: 's:1', text: 'later' });
    await new Promise((r) => setTimeout(r, 10));
    await core.dispose();
    expect((await running).stopReason).toBe('cancelled');
    expect(await queued).toMatchObject({ stopReason: 'cancelled', error: 'Nanotray is shutting down.', iterations: 0 });
    expect(provider.requests).toHaveLength(1);
    const reopened = createCore({ host: 'test', home: home.home, env: {} });
    if (!reopened.ok) throw new Error(reopened.error);
    core = reopened.value;
    expect(listMessages(core.db, 's:1').map((m) => m.content)).toEqual(['long', 'Stopped.']);
  });
});
