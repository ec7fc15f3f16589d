// Untrusted input through the shared dispatcher: unknown channels, prototype-pollution keys, oversized and
// deeply nested payloads, wrong types and unknown fields never reach a handler; handler crashes stay inside.
import { describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNELS } from '../../src-preload/contract/channels';
import type { InvokeHandlers } from '../../src-preload/contract/schemas';
import { LIMITS } from '../../src-preload/contract/limits';
import { createDispatcher } from '../../src-main/core/api/dispatch';

function recordingHandlers() {
  const calls: [string, unknown][] = [];
  const handlers = Object.fromEntries(
    INVOKE_CHANNELS.map((channel) => [
      channel,
      async (args: unknown) => {
        calls.push([channel, args]);
        return { ok: true, value: { echoed: args } };
      },
    ]),
  ) as unknown as InvokeHandlers;
  return { handlers, calls };
}

describe('dispatcher: channel and payload screening', () => {
  const { handlers, calls } = recordingHandlers();
  const dispatch = createDispatcher(handlers, { logError: () => undefined });

  it('passes a valid payload to the handler after parsing (defaults applied)', async () => {
    const result = await dispatch('chat:history', { sessionKey: 'desktop:a' });
    expect(result).toEqual({ ok: true, value: { echoed: { sessionKey: 'desktop:a', limit: 100 } } });
    expect(calls.at(-1)).toEqual(['chat:history', { sessionKey: 'desktop:a', limit: 100 }]);
  });

  it.each([
    ['an unknown channel', 'chat:exec'],
    ['a prototype name', '__proto__'],
    ['an inherited name', 'toString'],
    ['an empty name', ''],
  ])('refuses %s with not_found', async (_what, channel) => {
    const before = calls.length;
    const result = await dispatch(channel, {});
    expect(result).toEqual({ ok: false, error: { code: 'not_found', message: `Unknown channel "${channel}"` } });
    expect(calls.length).toBe(before);
  });

  const hostile: [string, string, unknown, string][] = [
    ['__proto__ key (JSON-parsed)', 'chat:send', JSON.parse('{"sessionKey":"desktop:a","text":"x","__proto__":{"admin":true}}'), '__proto__: this key name is not allowed'],
    ['nested constructor key', 'settings:update', { patch: { agent: { constructor: { prototype: {} } } } }, 'patch.agent.constructor: this key name is not allowed'],
    ['prototype key in a record', 'settings:update', { patch: { providers: { prototype: { apiKey: 'x' } } } }, 'patch.providers.prototype: this key name is not allowed'],
    ['a class instance', 'chat:send', new Date(), 'payload: only plain objects are accepted'],
    ['too deep', 'runtime:set', { key: 'scratch', value: JSON.parse('['.repeat(20) + ']'.repeat(20)) }, 'nested deeper than 12 levels'],
  ];
  it.each(hostile)('rejects %s before validation', async (_what, channel, payload, expected) => {
    const before = calls.length;
    const result = await dispatch(channel, payload);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.message).toContain(expected);
    }
    expect(calls.length).toBe(before);
  });

  const invalid: [string, string, unknown, string][] = [
    ['missing text', 'chat:send', { sessionKey: 'desktop:a' }, 'text'],
    ['text as a number', 'chat:send', { sessionKey: 'desktop:a', text: 42 }, 'text'],
    ['a huge message', 'chat:send', { sessionKey: 'desktop:a', text: 'x'.repeat(LIMITS.textChars + 1) }, 'text'],
    ['a session key with a slash', 'chat:cancel', { sessionKey: '../etc' }, 'sessionKey'],
    ['an unknown field', 'chat:cancel', { sessionKey: 'desktop:a', admin: true }, 'admin'],
    ['an absolute memory path', 'memory:read', { path: '/etc/passwd.md' }, 'a path relative to the workspace'],
    ['a .. memory path', 'memory:read', { path: 'memory/../../x.md' }, 'no ".." segments'],
    ['a non-markdown memory path', 'memory:write', { path: 'notes.txt', content: '', baseVersion: '' }, 'a markdown (.md) file'],
    ['a javascript: URL', 'app:open-external', { url: 'javascript:alert(1)' }, 'an http(s) URL'],
    ['a file: URL', 'app:open-external', { url: 'file:///etc/passwd' }, 'an http(s) URL'],
    ['an unknown decision', 'approvals:resolve', { id: 'a1', decision: 'allow_forever' }, 'decision'],
    ['a non-image attachment', 'chat:send', { sessionKey: 'desktop:a', text: 'x', images: ['data:text/html;base64,PHNjcmlwdD4='] }, 'images'],
    ['input to a no-input channel', 'settings:get', { reveal: true }, 'reveal'],
    ['an array instead of an object', 'chat:send', ['desktop:a', 'hi'], 'expected object'],
    ['a secret patch with an unknown section', 'settings:update', { patch: { secrets: { all: true } } }, 'secrets'],
    ['a slash command not starting with /', 'commands:run', { sessionKey: 'desktop:a', text: 'rm -rf' }, 'text'],
  ];
  it.each(invalid)('rejects %s with invalid_input naming the field', async (_what, channel, payload, expected) => {
    const before = calls.length;
    const result = await dispatch(channel, payload);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.message).toContain(`Invalid input for ${channel}`);
      expect(result.error.message).toContain(expected);
      expect(result.error.message.length).toBeLessThanOrEqual(1000);
    }
    expect(calls.length).toBe(before);
  });

  it('no-input channels accept nothing or an empty object', async () => {
    expect((await dispatch('settings:get', undefined)).ok).toBe(true);
    expect((await dispatch('settings:get', {})).ok).toBe(true);
  });
});

describe('dispatcher: handler failures', () => {
  it('turns a thrown exception into a generic internal error and logs the detail', async () => {
    const { handlers } = recordingHandlers();
    const logError = vi.fn();
    const broken = { ...handlers, 'chat:cancel': async () => { throw new Error('db exploded at /home/u/.nanotray/nanotray.db'); } } as InvokeHandlers;
    const dispatch = createDispatcher(broken, { logError });
    const result = await dispatch('chat:cancel', { sessionKey: 'desktop:a' });
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: 'Internal error' } });
    expect(logError).toHaveBeenCalledWith('[ipc] chat:cancel failed', expect.objectContaining({ message: 'db exploded at /home/u/.nanotray/nanotray.db' }));
  });

  it('treats a malformed handler result as internal', async () => {
    const { handlers } = recordingHandlers();
    const logError = vi.fn();
    const broken = { ...handlers, 'chat:cancel': async () => 'yes' } as unknown as InvokeHandlers;
    const result = await createDispatcher(broken, { logError })('chat:cancel', { sessionKey: 'desktop:a' });
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: 'Internal error' } });
    expect(logError).toHaveBeenCalledWith('[ipc] chat:cancel returned a malformed result', 'yes');
  });
});
