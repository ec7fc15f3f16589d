// The snapshot: a whitelist with no secrets, proxies shown as "<configured>", URL credentials stripped.
import { describe, expect, it } from 'vitest';
import { buildSnapshot, stripUrlCredentials } from '../../../src-main/core/runtime/snapshot';
import { registerSecret } from '../../../src-main/core/lib/logger';
import { parse } from './policy-fixture';

const SECRET_CONFIG = {
  providers: { openai: { apiKey: 'sk-provider-secret-aaaa', headers: { Authorization: 'Bearer sk-hdr-secret' } } },
  agent: { provider: 'openai' },
  tools: {
    web: {
      proxy: 'http://proxyuser:proxy-pass-secret@proxy.local:3128',
      search: { provider: 'brave', apiKey: 'search-secret-bbbb', baseUrl: 'https://u:url-pass-secret@search.local/api' },
    },
  },
  mcpServers: { files: { command: 'node', env: { TOKEN: 'mcp-env-secret' } } },
};

function snapshotOf(input: Record<string, unknown>) {
  return buildSnapshot({
    config: parse(input),
    overrides: {},
    workspace: '/ws',
    toolNames: ['my'],
    currentIteration: 0,
    subagents: [],
    scratchpad: {},
  });
}

describe('snapshot', () => {
  it('holds only the whitelisted keys', () => {
    expect(Object.keys(snapshotOf({}))).toEqual([
      'model', 'model_preset', 'model_presets', 'max_iterations', 'context_window_tokens', 'workspace',
      'provider_retry_mode', 'max_tool_result_chars', 'current_iteration', '_current_iteration', 'tool_names',
      'web_config', 'exec_config', 'subagents', 'scratchpad',
    ]);
  });

  it('never carries an API key, a proxy address or URL credentials', () => {
    const snap = snapshotOf(SECRET_CONFIG);
    const json = JSON.stringify(snap);
    for (const secret of ['sk-provider-secret-aaaa', 'sk-hdr-secret', 'proxyuser', 'proxy-pass-secret', 'proxy.local',
      'search-secret-bbbb', 'url-pass-secret', 'mcp-env-secret']) {
      expect(json).not.toContain(secret);
    }
    expect(snap.web_config).toEqual({
      enable: true,
      proxy: '<configured>',
      allow_private_hosts: [],
      search: { provider: 'brave', base_url: 'https://search.local/api', max_results: 5 },
    });
  });

  it('shows no proxy as null', () => {
    expect((snapshotOf({}).web_config as { proxy: unknown }).proxy).toBeNull();
  });

  it('strips credentials from URLs, even unparsable ones', () => {
    expect(stripUrlCredentials('http://a:b@h:1/p')).toBe('http://h:1/p');
    expect(stripUrlCredentials('https://h/p')).toBe('https://h/p');
    expect(stripUrlCredentials('weird://us er:pw@host x')).toBe('weird://host x');
    expect(stripUrlCredentials('')).toBe('');
  });

  it('includes request and _last_usage only when known', () => {
    const snap = buildSnapshot({
      config: parse({}),
      overrides: {},
      workspace: '/ws',
      toolNames: [],
      currentIteration: 1,
      subagents: [],
      scratchpad: {},
      lastUsage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
      request: { channel: 'quick', chatId: 'default', senderId: null },
    });
    expect(snap._last_usage).toEqual({ prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 });
    expect(snap.request).toEqual({ channel: 'quick', chat_id: 'default', sender_id: null });
  });
});

describe('snapshot guards', () => {
  it('drops query strings from URLs (keys often travel there)', () => {
    expect(stripUrlCredentials('https://search.local/api?key=abc&x=1')).toBe('https://search.local/api');
    expect(stripUrlCredentials('not a url?token=abc')).toBe('not a url');
  });

  it('scrubs secrets the core knows from every string, including the scratchpad', () => {
    registerSecret('sk-known-secret-777777');
    const snap = buildSnapshot({
      config: parse({}),
      overrides: { workspaceDisplay: '/ws/sk-known-secret-777777' },
      workspace: '/ws',
      toolNames: [],
      currentIteration: 0,
      subagents: [],
      scratchpad: { pasted: ['the key is sk-known-secret-777777'] },
    });
    expect(snap.workspace).toBe('/ws/[redacted]');
    expect(snap.scratchpad).toEqual({ pasted: ['the key is [redacted]'] });
  });
});
