// The IPC contract: the channel table gives every channel input/output schemas and one API member;
// CoreEvent samples round-trip through its schema; IpcResult schemas round-trip.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_CHANNELS, channelNames, INVOKE_CHANNELS, PUSH_CHANNELS } from '../../src-preload/contract/channels';
import { CHANNEL_NAMES } from '../../src-preload/contract/channel-names';
import { eventSchemas, invokeSchemas, ipcResultSchema, type InvokeOutput } from '../../src-preload/contract/schemas';
import { buildNanotrayApi } from '../../src-preload/contract/build-api';
import { coreEventSchema, type CoreEvent } from '../../src-preload/contract/event-schemas';

describe('channels', () => {
  it('are unique domain:verb names', () => {
    expect(new Set(INVOKE_CHANNELS).size).toBe(INVOKE_CHANNELS.length);
    const events = Object.values(PUSH_CHANNELS).map((spec) => spec.channel);
    expect(new Set([...INVOKE_CHANNELS, ...events]).size).toBe(INVOKE_CHANNELS.length + events.length);
    for (const channel of [...INVOKE_CHANNELS, ...events]) expect(channel).toMatch(/^[a-z]+:[a-z-]+$/);
  });

  it('every invoke channel has an input and an output schema', () => {
    expect(Object.keys(invokeSchemas).sort()).toEqual([...INVOKE_CHANNELS].sort());
    for (const channel of INVOKE_CHANNELS) {
      expect(typeof invokeSchemas[channel].input.safeParse).toBe('function');
      expect(typeof invokeSchemas[channel].output.safeParse).toBe('function');
    }
  });

  it('every event channel has a schema', () => {
    expect(Object.keys(eventSchemas).sort()).toEqual(['app:navigate', 'core:event']);
  });

  it('every invoke channel is reachable from exactly one window.nanotray method', () => {
    const mapped = Object.values(API_CHANNELS).flatMap((methods) => Object.values(methods).map((spec) => spec.channel));
    expect([...mapped].sort()).toEqual([...INVOKE_CHANNELS].sort());
    expect(mapped).toHaveLength(new Set(mapped).size);
    // A domain's channels are named after it: `chat.send` calls `chat:send`.
    for (const [domain, methods] of Object.entries(API_CHANNELS)) {
      for (const spec of Object.values(methods)) expect(spec.channel.split(':')[0]).toBe(domain);
    }
  });
});

describe('channel names', () => {
  it('are the table\'s, as the build defines them for the preload and the page', () => {
    expect(CHANNEL_NAMES).toEqual(channelNames());
    expect(CHANNEL_NAMES.api.chat.listSessions).toBe('chat:list-sessions');
    expect(CHANNEL_NAMES.push).toEqual({ onCoreEvent: 'core:event', onNavigate: 'app:navigate' });
  });
});

describe('buildNanotrayApi', () => {
  it('binds each named function to its channel and passes the payload through', async () => {
    const calls: [string, unknown][] = [];
    const api = buildNanotrayApi(
      async (channel, payload) => {
        calls.push([channel, payload]);
        return { ok: true, value: { turnId: 't1' } };
      },
      () => () => undefined,
    );
    const result = await api.chat.send({ sessionKey: 'desktop:a', text: 'hi' });
    await api.settings.get();
    await api.memory.read({ path: 'SOUL.md' });
    expect(result).toEqual({ ok: true, value: { turnId: 't1' } });
    expect(calls).toEqual([
      ['chat:send', { sessionKey: 'desktop:a', text: 'hi' }],
      ['settings:get', undefined],
      ['memory:read', { path: 'SOUL.md' }],
    ]);
  });

  it('exposes no generic invoke and freezes the object', () => {
    const api = buildNanotrayApi(async () => ({ ok: true, value: null }), () => () => undefined);
    expect(Object.keys(api).sort()).toEqual(
      ['app', 'approvals', 'chat', 'commands', 'cron', 'elicitation', 'files', 'heartbeat', 'imports', 'mcp', 'memory', 'models', 'onCoreEvent', 'onNavigate', 'runtime', 'settings'].sort(),
    );
    expect('invoke' in api).toBe(false);
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api.chat)).toBe(true);
  });

  it('routes subscriptions to the event channels and returns the unsubscribe', () => {
    const subscribed: string[] = [];
    let unsubscribed = 0;
    const api = buildNanotrayApi(
      async () => ({ ok: true, value: null }),
      (channel) => {
        subscribed.push(channel);
        return () => void unsubscribed++;
      },
    );
    const off = api.onCoreEvent(() => undefined);
    api.onNavigate(() => undefined);
    off();
    expect(subscribed).toEqual(['core:event', 'app:navigate']);
    expect(unsubscribed).toBe(1);
  });
});

describe('event schemas', () => {
  const samples: CoreEvent[] = [
    { type: 'turn.started', sessionKey: 'desktop:a', turnId: 't', at: 1 },
    { type: 'token', sessionKey: 'desktop:a', turnId: 't', text: 'Hel' },
    { type: 'tool.started', sessionKey: 's', turnId: 't', callId: 'c', name: 'read_file', args: '{}', at: 2 },
    { type: 'tool.finished', sessionKey: 's', turnId: 't', callId: 'c', name: 'read_file', ok: true, status: 'ok', result: 'x', durationMs: 3 },
    { type: 'tool.finished', sessionKey: 's', turnId: 't', callId: 'd', name: 'exec', ok: false, status: 'denied', errorCode: 'denied', result: 'Error: the user denied exec', durationMs: 4 },
    { type: 'approval.requested', id: 'a1', sessionKey: 's', turnId: 't', tool: 'exec', category: 'command', args: '{}', alwaysLabel: 'git', expiresAt: 9 },
    {
      type: 'approval.requested',
      id: 'a2',
      sessionKey: 's',
      turnId: 't',
      tool: 'exec',
      category: 'command',
      args: '{}',
      notCovered: { code: 'substitution', message: 'The command runs another command inside it ($(id)).' },
      expiresAt: 9,
    },
    { type: 'approval.resolved', id: 'a1', sessionKey: 's', decision: 'allow_once' },
    { type: 'usage', sessionKey: 's', turnId: 't', usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 }, model: 'm' },
    { type: 'turn.finished', sessionKey: 's', turnId: 't', stopReason: 'completed', text: 'done', usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } },
    { type: 'notify', title: 'Heartbeat', body: 'b', sessionKey: 'heartbeat:default', kind: 'heartbeat' },
    { type: 'memory.changed', path: 'memory/MEMORY.md', author: 'agent' },
    { type: 'config.changed' },
  ];

  it.each(samples.map((s) => [s.type, s] as const))('%s round-trips unchanged', (_type, sample) => {
    expect(coreEventSchema.parse(sample)).toEqual(sample);
  });

  it('rejects unknown event types and missing fields', () => {
    expect(coreEventSchema.safeParse({ type: 'token.deleted' }).success).toBe(false);
    expect(coreEventSchema.safeParse({ type: 'token', sessionKey: 's', turnId: 't' }).success).toBe(false);
  });

  it('accepts a navigate event and rejects an unknown view', () => {
    expect(eventSchemas['app:navigate'].parse({ view: 'chat', sessionKey: 'quick:default' })).toEqual({ view: 'chat', sessionKey: 'quick:default' });
    expect(eventSchemas['app:navigate'].safeParse({ view: 'devtools' }).success).toBe(false);
  });
});

describe('IpcResult', () => {
  const schema = ipcResultSchema(invokeSchemas['chat:send'].output);

  it('round-trips success and failure values', () => {
    const good: { ok: true; value: InvokeOutput<'chat:send'> } = { ok: true, value: { turnId: 'abc' } };
    const bad = { ok: false as const, error: { code: 'unavailable' as const, message: 'The agent is not available yet' } };
    expect(schema.parse(JSON.parse(JSON.stringify(good)))).toEqual(good);
    expect(schema.parse(JSON.parse(JSON.stringify(bad)))).toEqual(bad);
  });

  it('rejects unknown error codes and wrong value types', () => {
    expect(schema.safeParse({ ok: false, error: { code: 'teapot', message: 'x' } }).success).toBe(false);
    expect(schema.safeParse({ ok: true, value: { turnId: 42 } }).success).toBe(false);
  });

  it('memory.write models a conflict as a value', () => {
    const out = invokeSchemas['memory:write'].output as z.ZodType;
    expect(out.parse({ status: 'conflict', theirs: 'a', theirsVersion: 'v2', yours: 'b' })).toEqual({ status: 'conflict', theirs: 'a', theirsVersion: 'v2', yours: 'b' });
    expect(out.safeParse({ status: 'merged' }).success).toBe(false);
  });
});
