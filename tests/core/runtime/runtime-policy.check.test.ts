// The policy's `check`: overview order, dot paths, the three screens, request.*, scratchpad, large values.
import { afterEach, describe, expect, it } from 'vitest';
import { updateSessionMeta } from '../../../src-main/core/store/sessions.repo';
import { BLOCKED_KEYS, READ_ONLY_KEYS } from '../../../src-main/core/runtime/key-screens';
import { SECRET_KEYS } from '../../../src-main/core/lib/secret-names';
import { listAudit } from '../../../src-main/core/store/audit.repo';
import { BASE_CONFIG, makePolicy, text, TOOL_CTX, UI_NO_SESSION, type PolicyFixture } from './policy-fixture';

let f: PolicyFixture;
afterEach(() => f?.close());

const WEB = '{"enable":true,"proxy":null,"allow_private_hosts":[],"search":{"provider":"duckduckgo","base_url":"","max_results":5}}';
const EXEC = '{"enable":true,"timeout":60,"deny_patterns":[],"allow_patterns":[],"allowed_env_keys":[]}';

describe('check overview', () => {
  it('prints one key: value line each, in the spec order, without request, usage or an empty pad', () => {
    f = makePolicy();
    expect(text(f.policy.check(undefined, UI_NO_SESSION))).toBe(
      [
        'max_iterations: 40',
        'context_window_tokens: 200000',
        'model: "gpt-4.1-mini"',
        'model_preset: "default"',
        'workspace: "/real/workspace"',
        'provider_retry_mode: "standard"',
        'max_tool_result_chars: 16000',
        '_current_iteration: 0',
        `web_config: ${WEB}`,
        `exec_config: ${EXEC}`,
        'subagents: {}',
      ].join('\n'),
    );
  });

  it('a blank key is the overview too; the session adds _last_usage and the scratchpad at the end', () => {
    f = makePolicy();
    updateSessionMeta(f.db, 'cli:x', { lastUsage: { promptTokens: 100, completionTokens: 20, totalTokens: 120 } });
    expect(f.policy.set('todo', ['a'], TOOL_CTX).ok).toBe(true);
    const lines = text(f.policy.check('   ', TOOL_CTX)).split('\n');
    expect(lines[7]).toBe('_current_iteration: 2');
    expect(lines.slice(-3)).toEqual([
      'subagents: {}',
      '_last_usage: {"prompt_tokens":100,"completion_tokens":20,"total_tokens":120}',
      'scratchpad: {"todo":["a"]}',
    ]);
    expect(lines.join('\n')).not.toContain('request');
  });

  it('model, model_preset and context_window_tokens are the current session\'s', () => {
    f = makePolicy();
    updateSessionMeta(f.db, 'cli:x', { modelPreset: 'fast' });
    const lines = text(f.policy.check(undefined, TOOL_CTX)).split('\n');
    expect(lines.slice(1, 4)).toEqual(['context_window_tokens: 128000', 'model: "fast-model"', 'model_preset: "fast"']);
    expect(text(f.policy.check('model', { sessionKey: 'cli:other', source: 'tool' }))).toBe('model: "gpt-4.1-mini"');
  });

  it('is not audited', () => {
    f = makePolicy();
    f.policy.check(undefined, TOOL_CTX);
    f.policy.check('bus', TOOL_CTX);
    expect(listAudit(f.db, 10)).toEqual([]);
  });
});

describe('check dot paths', () => {
  it('walks the snapshot', () => {
    f = makePolicy();
    updateSessionMeta(f.db, 'cli:x', { lastUsage: { promptTokens: 100, completionTokens: 20, totalTokens: 120 } });
    expect(text(f.policy.check('web_config.enable', TOOL_CTX))).toBe('web_config.enable: true');
    expect(text(f.policy.check('_last_usage.prompt_tokens', TOOL_CTX))).toBe('_last_usage.prompt_tokens: 100');
    expect(text(f.policy.check('web_config.search.provider', TOOL_CTX))).toBe('web_config.search.provider: "duckduckgo"');
    expect(text(f.policy.check('max_iterations', TOOL_CTX))).toBe('max_iterations: 40');
    expect(text(f.policy.check('current_iteration', TOOL_CTX))).toBe('current_iteration: 2');
    expect(text(f.policy.check('tool_names', TOOL_CTX))).toBe('tool_names: ["my","read_file"]');
    expect(text(f.policy.check('model_presets.fast.model', TOOL_CTX))).toBe('model_presets.fast.model: "fast-model"');
    expect(text(f.policy.check('model_presets.default.context_window_tokens', TOOL_CTX))).toBe(
      'model_presets.default.context_window_tokens: 200000',
    );
  });

  it('a missing segment is "not found in mapping"', () => {
    f = makePolicy();
    expect(text(f.policy.check('web_config.nope', TOOL_CTX))).toBe("Error: 'nope' not found in mapping");
    expect(text(f.policy.check('nothing_here', TOOL_CTX))).toBe("Error: 'nothing_here' not found in mapping");
    expect(text(f.policy.check('_last_usage', TOOL_CTX))).toBe("Error: '_last_usage' not found in mapping");
  });

  it('walking into a scalar is "not found"', () => {
    f = makePolicy();
    expect(text(f.policy.check('max_iterations.value', TOOL_CTX))).toBe("Error: 'value' not found");
    expect(text(f.policy.check('web_config.enable.x.y', TOOL_CTX))).toBe("Error: 'x' not found");
    expect(text(f.policy.check('tool_names.7', TOOL_CTX))).toBe("Error: '7' not found");
    expect(text(f.policy.check('tool_names.1', TOOL_CTX))).toBe('tool_names.1: "read_file"');
  });

  it('screens every segment before walking: a bad name deep under a missing one is still "not accessible"', () => {
    f = makePolicy();
    expect(text(f.policy.check('nothing.here.api_key', TOOL_CTX))).toBe("Error: 'api_key' is not accessible");
  });
});

describe('check screens', () => {
  it.each([...BLOCKED_KEYS])('blocked %s is not accessible (also with a path below it)', (name) => {
    f = makePolicy();
    expect(text(f.policy.check(name, TOOL_CTX))).toBe(`Error: '${name}' is not accessible`);
    expect(text(f.policy.check(`${name}.anything`, TOOL_CTX))).toBe(`Error: '${name}' is not accessible`);
    expect(text(f.policy.check(name.toUpperCase(), TOOL_CTX))).toBe(`Error: '${name.toUpperCase()}' is not accessible`);
  });

  it('the spec\'s minimum blocked list is covered', () => {
    for (const name of ['bus', 'provider', 'tools', 'runner', 'sessions', 'context', 'commands', 'restrict_to_workspace',
      'channels_config', 'store', 'config', 'secrets', 'mcp']) {
      expect(BLOCKED_KEYS.has(name)).toBe(true);
    }
  });

  it.each([...SECRET_KEYS])('sensitive %s is refused top-level, nested and in any case', (name) => {
    f = makePolicy();
    expect(text(f.policy.check(name, TOOL_CTX))).toBe(`Error: '${name}' is not accessible`);
    expect(text(f.policy.check(name.toUpperCase(), TOOL_CTX))).toBe(`Error: '${name.toUpperCase()}' is not accessible`);
    expect(text(f.policy.check(`web_config.search.${name}`, TOOL_CTX))).toBe(`Error: '${name}' is not accessible`);
    expect(text(f.policy.check(`scratchpad.${name}`, TOOL_CTX))).toBe(`Error: '${name}' is not accessible`);
  });

  it('the spec examples: web_config.search.api_key and API_KEY', () => {
    f = makePolicy();
    expect(text(f.policy.check('web_config.search.api_key', TOOL_CTX))).toBe("Error: 'api_key' is not accessible");
    expect(text(f.policy.check('API_KEY', TOOL_CTX))).toBe("Error: 'API_KEY' is not accessible");
    expect(text(f.policy.check('web_config.search.apiKey', TOOL_CTX))).toBe("Error: 'apiKey' is not accessible");
  });

  it('names that merely contain a sensitive word are not refused (matched whole)', () => {
    f = makePolicy();
    expect(text(f.policy.check('token_budget', TOOL_CTX))).toBe("Error: 'token_budget' not found in mapping");
  });

  it.each(['__proto__', '__dict__', '__class__', 'prototype', 'constructor', 'Constructor'])(
    'prototype-like %s is refused at the top and at depth',
    (name) => {
      f = makePolicy();
      expect(text(f.policy.check(name, TOOL_CTX))).toBe(`Error: '${name}' is not accessible`);
      expect(text(f.policy.check(`web_config.${name}`, TOOL_CTX))).toBe(`Error: '${name}' is not accessible`);
      expect(text(f.policy.check(`model.${name}.name`, TOOL_CTX))).toBe(`Error: '${name}' is not accessible`);
    },
  );

  it.each([...READ_ONLY_KEYS].filter((k) => k !== 'request' && k !== '_last_usage'))('read-only %s can be checked', (name) => {
    f = makePolicy();
    expect(text(f.policy.check(name, TOOL_CTX)).startsWith(`${name}: `)).toBe(true);
  });
});

describe('check request.*', () => {
  it('comes from the turn\'s session key', () => {
    f = makePolicy();
    expect(text(f.policy.check('request.channel', { sessionKey: 'desktop:abc', source: 'tool' }))).toBe('request.channel: "desktop"');
    expect(text(f.policy.check('request.chat_id', { sessionKey: 'desktop:abc', source: 'tool' }))).toBe('request.chat_id: "abc"');
    expect(text(f.policy.check('request.channel', { sessionKey: 'heartbeat', source: 'tool' }))).toBe('request.channel: "heartbeat"');
    expect(text(f.policy.check('request.channel', { sessionKey: 'quick:default', source: 'tool' }))).toBe('request.channel: "quick"');
    expect(text(f.policy.check('request.sender_id', TOOL_CTX))).toBe('request.sender_id: null');
    expect(text(f.policy.check('request', { sessionKey: 'cron:job1', senderId: 'u1', source: 'tool' }))).toBe(
      'request: {"channel":"cron","chat_id":"job1","sender_id":"u1"}',
    );
  });

  it('no request bound / unknown field', () => {
    f = makePolicy();
    expect(text(f.policy.check('request.channel', UI_NO_SESSION))).toBe('Error: current request context is unavailable');
    expect(text(f.policy.check('request', UI_NO_SESSION))).toBe('Error: current request context is unavailable');
    expect(text(f.policy.check('request.user', TOOL_CTX))).toBe("Error: 'request.user' not found");
    expect(text(f.policy.check('request.channel.x', TOOL_CTX))).toBe("Error: 'x' not found");
  });
});

describe('check scratchpad', () => {
  it('a pad key not in the snapshot prints as <key>: <value>; scratchpad prints the whole pad', () => {
    f = makePolicy();
    expect(text(f.policy.check('scratchpad', TOOL_CTX))).toBe('scratchpad is empty');
    f.policy.set('plan', { step: 2, done: false }, TOOL_CTX);
    f.policy.set('city', 'Lyon', TOOL_CTX);
    expect(text(f.policy.check('plan', TOOL_CTX))).toBe('plan: {"step":2,"done":false}');
    expect(text(f.policy.check('plan.step', TOOL_CTX))).toBe('plan.step: 2');
    expect(text(f.policy.check('scratchpad.city', TOOL_CTX))).toBe('scratchpad.city: "Lyon"');
    expect(text(f.policy.check('scratchpad', TOOL_CTX))).toBe(
      'scratchpad (2 keys):\n  plan: {"step":2,"done":false}\n  city: "Lyon"',
    );
  });

  it('is per session', () => {
    f = makePolicy();
    f.policy.set('city', 'Lyon', TOOL_CTX);
    expect(text(f.policy.check('city', { sessionKey: 'desktop:other', source: 'tool' }))).toBe(
      "Error: 'city' not found in mapping",
    );
  });
});

describe('check large values', () => {
  it('a mapping of more than 5 keys prints as its key list; more than 15 keys adds …', () => {
    f = makePolicy();
    f.policy.set('six', { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 }, TOOL_CTX);
    f.policy.set('five', { a: 1, b: 2, c: 3, d: 4, e: 5 }, TOOL_CTX);
    const many = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i + 1}`, i]));
    f.policy.set('many', many, TOOL_CTX);
    expect(text(f.policy.check('six', TOOL_CTX))).toBe('six: {a, b, c, d, e, f}');
    expect(text(f.policy.check('five', TOOL_CTX))).toBe('five: {"a":1,"b":2,"c":3,"d":4,"e":5}');
    expect(text(f.policy.check('many', TOOL_CTX))).toBe(
      'many: {k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, …}',
    );
  });

  it('a mapping whose JSON is over 200 chars prints as its key list', () => {
    f = makePolicy();
    f.policy.set('long', { note: 'x'.repeat(250), n: 1 }, TOOL_CTX);
    expect(text(f.policy.check('long', TOOL_CTX))).toBe('long: {note, n}');
  });

  it('a list of more than 20 items prints as [N items]; 20 items print in full', () => {
    f = makePolicy();
    f.policy.set('big', Array.from({ length: 21 }, (_, i) => i), TOOL_CTX);
    f.policy.set('ok', Array.from({ length: 20 }, () => 1), TOOL_CTX);
    expect(text(f.policy.check('big', TOOL_CTX))).toBe('big: [21 items]');
    expect(text(f.policy.check('ok', TOOL_CTX))).toBe(`ok: [${Array(20).fill(1).join(',')}]`);
  });

  it('the model_presets mapping of many presets prints as its key list', () => {
    const presets = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((n) => [n, { model: `m-${n}` }]));
    f = makePolicy({ ...BASE_CONFIG, modelPresets: presets });
    expect(text(f.policy.check('model_presets', TOOL_CTX))).toBe('model_presets: {a, b, c, d, e, default}');
  });
});

describe('check subagents', () => {
  it('prints the spec format for each task (last 5 tool events, usage or n/a, error / stop_reason)', () => {
    f = makePolicy();
    f.subagents.push(
      {
        id: 'sa1',
        label: 'research prices',
        phase: 'running',
        iteration: 3,
        elapsedSeconds: 12.34,
        toolEvents: ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => ({ name: `t_${n}`, status: n === 'f' ? 'error' : 'ok' })),
        usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
      },
      { id: 'sa2', label: 'summarise', phase: 'failed', iteration: 1, elapsedSeconds: 2, toolEvents: [], error: 'boom', stopReason: 'error' },
      { id: 'sa3', label: 'elsewhere', phase: 'running', iteration: 1, elapsedSeconds: 1, toolEvents: [], parentSessionKey: 'desktop:zzz' },
    );
    expect(text(f.policy.check('subagents', TOOL_CTX))).toBe(
      [
        'subagents: 2 subagent(s):',
        "  [sa1] 'research prices'",
        '    phase: running, iteration: 3, elapsed: 12.3s',
        '    tools: t_b(ok), t_c(ok), t_d(ok), t_e(ok), t_f(error)',
        '    usage: {"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}',
        "  [sa2] 'summarise'",
        '    phase: failed, iteration: 1, elapsed: 2.0s',
        '    tools: none',
        '    usage: n/a',
        '    error: boom',
        '    stop_reason: error',
      ].join('\n'),
    );
    expect(text(f.policy.check('subagents.sa2.phase', TOOL_CTX))).toBe('subagents.sa2.phase: "failed"');
    expect(text(f.policy.check('subagents', UI_NO_SESSION)).split('\n')[0]).toBe('subagents: 3 subagent(s):');
  });
});

describe('check never echoes a known secret', () => {
  it('even when the agent stored one in its scratchpad', async () => {
    const { registerSecret } = await import('../../../src-main/core/lib/logger');
    registerSecret('sk-pasted-secret-31337');
    f = makePolicy();
    f.policy.set('pasted', 'sk-pasted-secret-31337', TOOL_CTX);
    expect(text(f.policy.check('pasted', TOOL_CTX))).toBe('pasted: "[redacted]"');
    expect(text(f.policy.check(undefined, TOOL_CTX))).toContain('scratchpad: {"pasted":"[redacted]"}');
  });
});
