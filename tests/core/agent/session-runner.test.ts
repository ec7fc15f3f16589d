// Session runner through createCore against the scripted server: round trip, persistence, queueing, cancel.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import { defineTool, ok } from '../../../src-main/core/tools/tool';
import { listMessages, loadHistory } from '../../../src-main/core/store/messages.repo';
import { getSession } from '../../../src-main/core/store/sessions.repo';
import type { CoreEvent } from '../../../src-main/core/agent/events';
import { startScriptedLlm, type ScriptedLlm } from '../../helpers/scripted-llm-server';
import { makeTempHome, testConfig, type TempHome } from '../../helpers/temp-home';

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
  home = makeTempHome(testConfig(llm.baseUrl, extra));
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
});
