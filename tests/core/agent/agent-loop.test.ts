// The agent loop through core.sessions with an in-process provider: tools, errors as values, limits, images.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import { SessionRunner, type SessionRunnerDeps } from '../../../src-main/core/agent/session-runner';
import { WorkspaceContextBuilder } from '../../../src-main/core/context/context-builder';
import { okResult } from '../../../src-main/core/lib/result';
import { defineTool, fail, ok, type ToolContext } from '../../../src-main/core/tools/tool';
import { listMessages } from '../../../src-main/core/store/messages.repo';
import { loadHistory } from '../../../src-main/core/context/stored-history';
import { listToolEvents } from '../../../src-main/core/store/tool-events.repo';
import { sumUsage } from '../../../src-main/core/store/usage.repo';
import { CANCELLED_TOOL_RESULT, FINAL_ANSWER_NOTE, IMAGE_OMITTED_NOTE, truncateToolResult } from '../../../src-main/core/agent/agent-loop';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { makeTempHome, testConfig, type TempHome } from '../../helpers/temp-home';
import { call, FakeProvider } from './fake-provider';
import { withoutRuntimeNote } from '../../helpers/runtime-note';

let home: TempHome;
let core: Core;
let provider: FakeProvider;
let events: CoreEvent[];

function setup(extra: Record<string, unknown> = {}, ...steps: ConstructorParameters<typeof FakeProvider>): Core {
  home = makeTempHome(testConfig('http://127.0.0.1:9/v1', 'auto', extra));
  provider = new FakeProvider(...steps);
  const created = createCore({ host: 'test', home: home.home, env: {}, createProvider: () => provider });
  if (!created.ok) throw new Error(created.error);
  core = created.value;
  events = [];
  core.events.on((e) => events.push(e));
  core.tools.register(
    defineTool({
      name: 'echo',
      description: 'Echo text',
      params: z.object({ text: z.string() }),
      category: 'read',
      run: async ({ text }) => ok(`echo: ${text}`),
    }),
  );
  core.tools.register(
    defineTool({
      name: 'boom',
      description: 'Throws',
      params: z.object({}),
      category: 'read',
      run: async () => {
        throw new Error('disk on fire');
      },
    }),
  );
  return core;
}

/** A runner on the core's store, tools and provider with one dependency of the test's own (constructor injection). */
function runnerWith(deps: Partial<SessionRunnerDeps>): SessionRunner {
  return new SessionRunner({
    db: core.db,
    tools: core.tools,
    emit: (event) => core.events.emit(event),
    now: () => core.clock.now(),
    config: () => core.config(),
    overrides: core.overrides,
    workspace: () => core.workspace(),
    builtinSkillsDir: core.builtinSkillsDir,
    contextBuilder: new WorkspaceContextBuilder({ db: core.db, builtinSkillsDir: core.builtinSkillsDir, env: {} }),
    provider: () => okResult(provider),
    ...deps,
  });
}

afterEach(async () => {
  await core?.dispose();
  home?.cleanup();
});

const lastToolMessage = (p: FakeProvider, requestIndex: number) => p.requests[requestIndex]!.messages.filter((m) => m.role === 'tool');

describe('agent loop: errors are values', () => {
  it('an unknown tool, broken JSON and a throwing tool do not end the turn', async () => {
    setup(
      {},
      { toolCalls: [call('nope', {}, 'c1'), call('echo', '{"text": ', 'c2'), call('boom', {}, 'c3'), call('echo', { text: 5 }, 'c4')] },
      { text: 'recovered' },
    );
    const result = await core.sessions.run({ sessionKey: 'test:a', text: 'go' });
    expect(result.stopReason).toBe('completed');
    expect(result.text).toBe('recovered');
    expect(lastToolMessage(provider, 1).map((m) => (m as { content: string }).content)).toEqual([
      `Error: Tool 'nope' not found. Available: ${core.tools.names().join(', ')}`,
      'Error: the arguments of echo were not a valid JSON object, so the call did not run (they are stored as {}). ' +
        'Call echo again with its arguments as one JSON object. What you sent:\n{"text": ',
      'Error executing boom: disk on fire',
      "Error: Invalid parameters for tool 'echo': 'text': Invalid input: expected string, received number",
    ]);
    const statuses = listToolEvents(core.db, 'test:a').map((e) => [e.name, e.status]);
    expect(statuses).toEqual([
      ['nope', 'error'],
      ['echo', 'error'],
      ['boom', 'error'],
      ['echo', 'error'],
    ]);
    // The events say why, as codes: nothing has to read the text.
    const finished = events.flatMap((e) => (e.type === 'tool.finished' ? [[e.name, e.status, e.errorCode]] : []));
    expect(finished).toEqual([
      ['nope', 'error', 'not_found'],
      ['echo', 'error', 'invalid_args'],
      ['boom', 'error', 'failed'],
      ['echo', 'error', 'invalid_args'],
    ]);
  });

  it('a provider failure ends the turn with stop reason error and the clear message, keeping the user message and the error', async () => {
    setup({}, { error: { kind: 'auth', status: 401, transient: false, message: 'The provider rejected the API key (401).' } });
    const result = await core.sessions.run({ sessionKey: 'test:a', text: 'hello' });
    expect(result).toMatchObject({ stopReason: 'error', error: 'The provider rejected the API key (401).', errorKind: 'auth', text: '' });
    const finished = events.find((e) => e.type === 'turn.finished');
    expect(finished).toMatchObject({ stopReason: 'error', error: 'The provider rejected the API key (401).', errorKind: 'auth' });
    const rows = listMessages(core.db, 'test:a');
    expect(rows.map((m) => [m.role, m.content])).toEqual([
      ['user', 'hello'],
      ['system', 'The provider rejected the API key (401).'],
    ]);
    // stored for the window (shown again after a reload), never part of what the model is sent
    expect(rows[1]!.meta.turnEnd).toEqual({ stopReason: 'error', errorKind: 'auth' });
    expect(loadHistory(core.db, 'test:a').map((m) => m.role)).toEqual(['user']);
  });

  it('an empty answer cut by the token limit or a content filter ends with a clear error', async () => {
    setup({ agent: { maxTokens: 50 } });
    const empty = (finishReason: 'length' | 'content_filter') => async () => ({
      ok: true as const,
      value: { content: '', toolCalls: [], finishReason, usage: { promptTokens: 1, completionTokens: 50, totalTokens: 51 } },
    });
    provider.steps.push(empty('length'), empty('content_filter'));
    expect(await core.sessions.run({ sessionKey: 'test:a', text: 'think hard' })).toMatchObject({
      stopReason: 'error',
      error: 'The model used up its 50-token limit before writing an answer; raise agent.maxTokens.',
    });
    expect(await core.sessions.run({ sessionKey: 'test:a', text: 'again' })).toMatchObject({
      stopReason: 'error',
      error: "The provider's content filter stopped the answer.",
    });
  });

  it('a context builder that throws ends the turn with a message instead of throwing', async () => {
    setup({}, { text: 'unused' });
    const runner = runnerWith({
      contextBuilder: {
        build: async () => {
          throw new Error('template missing');
        },
      },
    });
    const result = await runner.run({ sessionKey: 'test:a', text: 'hello' });
    expect(result).toMatchObject({ stopReason: 'error', error: 'Could not build the context for this turn: template missing' });
  });
});

describe('agent loop: call ids', () => {
  it('makes repeated call ids unique within a turn so the history stays valid', async () => {
    setup({}, { toolCalls: [call('echo', { text: 'a' }, 'call_0'), call('echo', { text: 'b' }, 'call_0')] }, { toolCalls: [call('echo', { text: 'c' }, 'call_0')] }, { text: 'ok' });
    await core.sessions.run({ sessionKey: 'test:a', text: 'go' });
    const history = loadHistory(core.db, 'test:a');
    expect(history.filter((m) => m.role === 'tool').map((m) => [(m as { toolCallId: string }).toolCallId, m.content])).toEqual([
      ['call_0', 'echo: a'],
      ['call_0_2', 'echo: b'],
      ['call_0_3', 'echo: c'],
    ]);
  });
});

describe('agent loop: limits', () => {
  it('at maxIterations makes one last call without tools for a final answer', async () => {
    setup({ agent: { maxIterations: 2 } }, { toolCalls: [call('echo', { text: '1' }, 'a')] }, { toolCalls: [call('echo', { text: '2' }, 'b')] }, { text: 'summary' });
    const result = await core.sessions.run({ sessionKey: 'test:a', text: 'loop' });
    expect(result).toMatchObject({ stopReason: 'max_iterations', text: 'summary', iterations: 3 });
    const toolCount = core.tools.names().length;
    expect(toolCount).toBeGreaterThanOrEqual(2);
    expect(provider.requests.map((r) => r.tools.length)).toEqual([toolCount, toolCount, 0]);
    expect(provider.requests[2]!.messages.at(-1)).toEqual({ role: 'user', content: FINAL_ANSWER_NOTE });
    const history = loadHistory(core.db, 'test:a');
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
  });

  it('the runtime override of maxIterations wins over config', async () => {
    setup({ agent: { maxIterations: 5 } }, { toolCalls: [call('echo', { text: '1' })] }, { text: 'done early' });
    core.overrides.maxIterations = 1;
    const result = await core.sessions.run({ sessionKey: 'test:a', text: 'loop' });
    expect(result).toMatchObject({ stopReason: 'max_iterations', text: 'done early', iterations: 2 });
    expect(provider.requests[1]!.tools).toEqual([]);
  });

  it('cuts long tool results with a marker saying how much was dropped', async () => {
    setup({ agent: { maxToolResultChars: 100 } }, { toolCalls: [call('echo', { text: 'x'.repeat(150) })] }, { text: 'ok' });
    await core.sessions.run({ sessionKey: 'test:a', text: 'long' });
    const sent = (lastToolMessage(provider, 1)[0] as { content: string }).content;
    expect(sent).toBe(`echo: ${'x'.repeat(94)}\n... (56 more characters truncated)`);
    const finished = events.find((e) => e.type === 'tool.finished') as { result: string };
    expect(finished.result).toBe(sent);
    expect(truncateToolResult('abc', 3)).toBe('abc');
  });
});

describe('agent loop: cancellation', () => {
  it('cancelling during a tool stops the turn, answers the remaining calls and keeps the history valid', async () => {
    setup({});
    let release!: () => void;
    core.tools.register(
      defineTool({
        name: 'slow',
        description: 'Waits',
        params: z.object({}),
        category: 'read',
        run: (_a, ctx) =>
          new Promise((resolve) => {
            release = () => resolve(ok('slow done'));
            ctx.signal.addEventListener('abort', () => resolve(fail('cancelled', 'Error: slow was cancelled')));
          }),
      }),
    );
    provider.steps.push({ toolCalls: [call('slow', {}, 's1'), call('echo', { text: 'never' }, 's2')] });
    const running = core.sessions.run({ sessionKey: 'test:a', text: 'wait' });
    await new Promise((r) => setTimeout(r, 20));
    expect(core.sessions.activeTurn('test:a')).toMatchObject({ iteration: 1 });
    expect(core.sessions.cancel('test:a')).toBe(true);
    const result = await running;
    expect(result.stopReason).toBe('cancelled');
    const history = loadHistory(core.db, 'test:a');
    expect(history.slice(-2)).toEqual([
      { role: 'tool', toolCallId: 's1', name: 'slow', content: 'Error: slow was cancelled' },
      { role: 'tool', toolCallId: 's2', name: 'echo', content: CANCELLED_TOOL_RESULT },
    ]);
    expect(core.sessions.activeTurn('test:a')).toBeUndefined();
    expect(core.sessions.cancel('test:a')).toBe(false);
    release?.();
  });

  it('cancelling while the answer streams keeps the streamed part as a partial assistant message', async () => {
    setup({});
    provider.steps.push(async (req, cb) => {
      cb.onTextDelta?.('Half an ans');
      core.sessions.cancel('test:a');
      expect(req.signal?.aborted).toBe(true);
      return { ok: false, error: { kind: 'cancelled', message: 'The request was cancelled.', transient: false } };
    });
    const result = await core.sessions.run({ sessionKey: 'test:a', text: 'tell me' });
    expect(result).toMatchObject({ stopReason: 'cancelled', text: 'Half an ans' });
    expect(result.error).toBeUndefined();
    const rows = listMessages(core.db, 'test:a');
    expect(rows.map((m) => [m.role, m.content, m.meta.partial ?? false])).toEqual([
      ['user', 'tell me', false],
      ['assistant', 'Half an ans', true],
      ['system', 'Stopped.', false],
    ]);
    expect(rows[2]!.meta.turnEnd).toEqual({ stopReason: 'cancelled' });
  });

  it('a stop that lands as the answer completes still ends the turn as cancelled, and no tool runs', async () => {
    setup({});
    let ran = false;
    core.tools.register(
      defineTool({ name: 'never', description: 'x', params: z.object({}), category: 'read', async run() { ran = true; return fail('failed', 'Error: ran'); } }),
    );
    provider.steps.push(async (_req, cb) => {
      cb.onTextDelta?.('Almost done');
      core.sessions.cancel('test:a');
      return { ok: true, value: { content: 'Almost done', toolCalls: [{ id: 'n1', name: 'never', arguments: '{}' }], finishReason: 'tool_calls', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } } };
    });
    const result = await core.sessions.run({ sessionKey: 'test:a', text: 'go' });
    expect(result.stopReason).toBe('cancelled');
    expect(ran).toBe(false);
    const rows = listMessages(core.db, 'test:a');
    expect(rows.map((m) => [m.role, m.content, m.meta.partial ?? false])).toEqual([
      ['user', 'go', false],
      ['assistant', 'Almost done', true],
      ['system', 'Stopped.', false],
    ]);
  });

  it('an already aborted signal ends the turn as cancelled before any model call', async () => {
    setup({}, { text: 'unused' });
    const controller = new AbortController();
    controller.abort();
    const result = await core.sessions.run({ sessionKey: 'test:a', text: 'x', signal: controller.signal });
    expect(result.stopReason).toBe('cancelled');
    expect(provider.requests).toHaveLength(0);
  });
});

describe('agent loop: images from tools', () => {
  const pic = defineTool({
    name: 'screenshot',
    description: 'Returns an image',
    params: z.object({}),
    category: 'read',
    run: async () => ok('captured', [{ mimeType: 'image/png', data: 'AAAA' }]),
  });

  it('attaches them to a following user message when the model has vision', async () => {
    setup({ agent: { vision: true } }, { toolCalls: [call('screenshot', {}, 'p1')] }, { text: 'I see it' });
    core.tools.register(pic);
    await core.sessions.run({ sessionKey: 'test:a', text: 'look' });
    expect(provider.requests[1]!.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Image(s) returned by screenshot (call p1):' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
      ],
    });
  });

  it('adds a text note instead when the model has no vision', async () => {
    setup({}, { toolCalls: [call('screenshot', {}, 'p1')] }, { text: 'ok' });
    core.tools.register(pic);
    await core.sessions.run({ sessionKey: 'test:a', text: 'look' });
    expect(provider.requests[1]!.messages.at(-1)).toEqual({
      role: 'tool',
      toolCallId: 'p1',
      name: 'screenshot',
      content: 'captured\n(1 image(s) returned; the current model cannot view images.)',
    });
  });
});

describe('agent loop: events and usage', () => {
  it('emits turn.started, tokens, tool events, usage and turn.finished in order, and records usage by source', async () => {
    setup({}, { toolCalls: [call('echo', { text: 'a' }, 'e1')], text: 'Let me check. ' }, { text: 'All done.' });
    const result = await core.sessions.run({ sessionKey: 'test:a', text: 'hi', source: 'cron' });
    expect(events.filter((e) => 'turnId' in e).map((e) => e.type)).toEqual([
      'turn.started',
      'token',
      'usage',
      'tool.started',
      'tool.finished',
      'token',
      'usage',
      'turn.finished',
    ]);
    expect(result.usage).toEqual({ promptTokens: 20, completionTokens: 4, totalTokens: 24 });
    expect(sumUsage(core.db, { source: 'cron' })).toEqual({ promptTokens: 20, completionTokens: 4, totalTokens: 24 });
    expect(sumUsage(core.db, { source: 'user' }).totalTokens).toBe(0);
  });
});

describe('agent loop: what a turn passes on', () => {
  it('gives each tool call a fresh context with the turn\'s flags and the file-version hook', async () => {
    setup({}, { toolCalls: [call('probe', {}, 'p1'), call('probe', {}, 'p2')] }, { text: 'ok' });
    const recorded: string[] = [];
    const runner = runnerWith({ recordFileVersion: (path) => void recorded.push(path) });
    const seen: ToolContext[] = [];
    core.tools.register(
      defineTool({
        name: 'probe',
        description: 'Records its context',
        params: z.object({}),
        category: 'read',
        run: async (_a, ctx) => {
          seen.push(ctx);
          ctx.recordFileVersion?.(`/ws/${ctx.callId}.md`);
          return ok('seen');
        },
      }),
    );
    const result = await runner.run({ sessionKey: 'cron:job1', text: 'run', interactive: true, inCronRun: true, source: 'cron' });
    expect(seen.map((c) => [c.callId, c.sessionKey, c.channel, c.chatId, c.turnId, c.iteration, c.interactive, c.inCronRun, c.vision])).toEqual([
      ['p1', 'cron:job1', 'cron', 'job1', result.turnId, 1, true, true, false],
      ['p2', 'cron:job1', 'cron', 'job1', result.turnId, 1, true, true, false],
    ]);
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen[0]!.workspace).toBe(core.workspace());
    expect(recorded).toEqual(['/ws/p1.md', '/ws/p2.md']);
  });

  it('a tool filter limits what the model sees and what it may call', async () => {
    setup({}, { toolCalls: [call('boom', {}, 'b1')] }, { text: 'ok' });
    await core.sessions.run({ sessionKey: 'subagent:x', text: 'go', toolFilter: (t) => t.name === 'echo' });
    expect(provider.requests[0]!.tools.map((t) => t.name)).toEqual(['echo']);
    expect((lastToolMessage(provider, 1)[0] as { content: string }).content).toBe("Error: Tool 'boom' not found. Available: echo");
  });

  it('user images are stored with the message and sent as image parts to a vision model', async () => {
    setup({ agent: { vision: true } }, { text: 'a cat' });
    await core.sessions.run({ sessionKey: 'test:a', text: 'what is this?', images: [{ mimeType: 'image/jpeg', data: '/9j/' }] });
    expect(withoutRuntimeNote(provider.requests[0]!.messages.at(-1))).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'what is this?' },
        { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/' } },
      ],
    });
    expect(listMessages(core.db, 'test:a')[0]!.meta.images).toEqual([{ mimeType: 'image/jpeg', data: '/9j/' }]);
  });

  it('without vision the image becomes a note', async () => {
    setup({}, { text: 'cannot see' });
    await core.sessions.run({ sessionKey: 'test:a', text: 'look', images: [{ mimeType: 'image/png', data: 'AAAA' }] });
    expect(withoutRuntimeNote(provider.requests[0]!.messages.at(-1))).toEqual({ role: 'user', content: `look\n${IMAGE_OMITTED_NOTE}` });
  });
});


describe('agent loop: quiet turns', () => {
  const redact = (text: string) => text.replaceAll('SECRET_TOKEN', '').trim();

  it('stream nothing, store no final answer and return it, and store text beside tool calls redacted', async () => {
    setup({}, { text: 'Looking. SECRET_TOKEN', toolCalls: [call('echo', { text: 'hi' })] }, { text: 'All fine. SECRET_TOKEN' });
    const result = await core.sessions.run({ sessionKey: 'test:q', text: 'check', quiet: { redact } });
    expect(result).toMatchObject({ stopReason: 'completed', text: 'All fine. SECRET_TOKEN' });
    expect(events.filter((e) => e.type === 'token')).toEqual([]);
    expect(events.find((e) => e.type === 'turn.finished')).toMatchObject({ text: '' });
    expect(listMessages(core.db, 'test:q').map((m) => [m.role, m.content])).toEqual([
      ['user', 'check'],
      ['assistant', 'Looking.'],
      ['tool', 'echo: hi'],
    ]);
  });

  it('store what was streamed before a failure redacted', async () => {
    setup({}, async (_req, cb) => {
      cb.onTextDelta?.('Half an answer SECRET_TOKEN');
      return { ok: false, error: { kind: 'server', status: 500, transient: false, message: 'upstream broke' } };
    });
    await core.sessions.run({ sessionKey: 'test:q', text: 'check', quiet: { redact } });
    expect(listMessages(core.db, 'test:q').map((m) => [m.role, m.content])).toEqual([
      ['user', 'check'],
      ['assistant', 'Half an answer'],
    ]);
  });
});
