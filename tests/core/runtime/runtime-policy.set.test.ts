// The policy's `set`: the spec's checks in order, restricted values, the session guard and the scratchpad.
import { afterEach, describe, expect, it } from 'vitest';
import { getSession } from '../../../src-main/core/store/sessions.repo';
import { BLOCKED_KEYS, READ_ONLY_KEYS } from '../../../src-main/core/runtime/key-screens';
import { SECRET_KEYS } from '../../../src-main/core/lib/secret-names';
import { BASE_CONFIG, makePolicy, REAL_WORKSPACE, text, TOOL_CTX, UI_NO_SESSION, type PolicyFixture } from './policy-fixture';

let f: PolicyFixture;
afterEach(() => f?.close());

const GUARD = (key: string) =>
  `Error: direct '${key}' changes are instance-wide and disabled during an active session; use a configured model_preset`;

describe('set: key checks (steps 1-4)', () => {
  it('1. an empty or blank key', () => {
    f = makePolicy();
    expect(text(f.policy.set('', 1, TOOL_CTX))).toBe("Error: 'key' cannot be empty or whitespace");
    expect(text(f.policy.set('   ', 1, TOOL_CTX))).toBe("Error: 'key' cannot be empty or whitespace");
    expect(text(f.policy.set(undefined, 1, TOOL_CTX))).toBe("Error: 'key' cannot be empty or whitespace");
  });

  it.each([...BLOCKED_KEYS])('2. blocked %s is protected (also dotted)', (name) => {
    f = makePolicy();
    expect(text(f.policy.set(name, 1, TOOL_CTX))).toBe(`Error: '${name}' is protected and cannot be modified`);
    expect(text(f.policy.set(`${name}.x`, 1, TOOL_CTX))).toBe(`Error: '${name}.x' is protected and cannot be modified`);
  });

  it.each([...SECRET_KEYS, 'API_KEY', 'apiKey', '__proto__', '__x', 'prototype', 'constructor'])(
    '2. sensitive or prototype-like first segment %s is protected',
    (name) => {
      f = makePolicy();
      expect(text(f.policy.set(name, 'sk-should-never-be-stored', TOOL_CTX))).toBe(
        `Error: '${name}' is protected and cannot be modified`,
      );
      expect(text(f.policy.check('scratchpad', TOOL_CTX))).toBe('scratchpad is empty');
    },
  );

  it.each([...READ_ONLY_KEYS, 'scratchpad'])('3. read-only %s', (name) => {
    f = makePolicy();
    expect(text(f.policy.set(name, 1, TOOL_CTX))).toBe(`Error: '${name}' is read-only and cannot be modified`);
    expect(text(f.policy.set(`${name}.enable`, false, TOOL_CTX))).toBe(
      `Error: '${name}.enable' is read-only and cannot be modified`,
    );
  });

  it('3. a sensitive name under a read-only key is still refused (read-only comes first)', () => {
    f = makePolicy();
    expect(text(f.policy.set('web_config.search.api_key', 'sk-x', TOOL_CTX))).toBe(
      "Error: 'web_config.search.api_key' is read-only and cannot be modified",
    );
  });

  it('4. other dotted keys: a bad leaf, a missing parent, else read-only', () => {
    f = makePolicy();
    expect(text(f.policy.set('model.api_key', 1, TOOL_CTX))).toBe("Error: 'api_key' is not accessible");
    expect(text(f.policy.set('model.__proto__', 1, TOOL_CTX))).toBe("Error: '__proto__' is not accessible");
    expect(text(f.policy.set('model.constructor', 1, TOOL_CTX))).toBe("Error: 'constructor' is not accessible");
    expect(text(f.policy.set('nothing.here', 1, TOOL_CTX))).toBe("Error: 'nothing' not found in mapping");
    expect(text(f.policy.set('max_iterations.value.x', 1, TOOL_CTX))).toBe("Error: 'value' not found");
    expect(text(f.policy.set('model.name', 'x', TOOL_CTX))).toBe("Error: 'model.name' is read-only and cannot be modified");
    f.policy.set('plan', { step: 1 }, TOOL_CTX);
    expect(text(f.policy.set('plan.step', 2, TOOL_CTX))).toBe("Error: 'plan.step' is read-only and cannot be modified");
    expect(text(f.policy.check('plan', TOOL_CTX))).toBe('plan: {"step":1}');
  });
});

describe('set: model_preset (step 5)', () => {
  it('in a session: saved on the session row, applies from the next turn', () => {
    f = makePolicy();
    expect(text(f.policy.set('model_preset', 'fast', TOOL_CTX))).toBe(
      'Set model_preset = "fast" for the next turn; model will be "fast-model"; context_window_tokens will be 128000',
    );
    expect(getSession(f.db, 'cli:x')?.meta.modelPreset).toBe('fast');
    expect(f.overrides.defaultPreset).toBeUndefined();
    expect(text(f.policy.check('model_preset', TOOL_CTX))).toBe('model_preset: "fast"');
    expect(text(f.policy.check('model_preset', UI_NO_SESSION))).toBe('model_preset: "default"');
  });

  it('a unique case-insensitive match is accepted; `default` always exists', () => {
    f = makePolicy();
    expect(text(f.policy.set('model_preset', 'FAST', TOOL_CTX))).toContain('Set model_preset = "fast" for the next turn');
    expect(text(f.policy.set('model_preset', 'default', TOOL_CTX))).toBe(
      'Set model_preset = "default" for the next turn; model will be "gpt-4.1-mini"; context_window_tokens will be 200000',
    );
  });

  it('unknown presets list the available ones', () => {
    f = makePolicy();
    expect(text(f.policy.set('model_preset', 'turbo', TOOL_CTX))).toBe(
      "Error: model_preset 'turbo' not found. Available: default, fast.",
    );
    expect(text(f.policy.set('model_preset', '  ', TOOL_CTX))).toBe("Error: 'model_preset' must be a non-blank string");
    expect(text(f.policy.set('model_preset', 3, TOOL_CTX))).toBe("Error: 'model_preset' must be a non-blank string");
    expect(getSession(f.db, 'cli:x')?.meta.modelPreset).toBeUndefined();
  });

  it('without a session: changes the instance default', () => {
    f = makePolicy();
    expect(text(f.policy.set('model_preset', 'fast', UI_NO_SESSION))).toBe(
      'Set model_preset = "fast" (was "default") as the instance default; model will be "fast-model"; context_window_tokens will be 128000',
    );
    expect(f.overrides.defaultPreset).toBe('fast');
    expect(text(f.policy.check('model', UI_NO_SESSION))).toBe('model: "fast-model"');
  });
});

describe('set: restricted keys (step 6)', () => {
  it('max_iterations: success message and the override the loop and subagents read', () => {
    f = makePolicy();
    expect(text(f.policy.set('max_iterations', 80, TOOL_CTX))).toBe('Set max_iterations = 80 (was 40)');
    expect(f.overrides.maxIterations).toBe(80);
    expect(text(f.policy.check('max_iterations', TOOL_CTX))).toBe('max_iterations: 80');
  });

  it('a numeric string is converted', () => {
    f = makePolicy();
    expect(text(f.policy.set('max_iterations', '80', TOOL_CTX))).toBe('Set max_iterations = 80 (was 40)');
    expect(f.overrides.maxIterations).toBe(80);
  });

  it.each([
    [true, "Error: 'max_iterations' must be int, got bool"],
    [false, "Error: 'max_iterations' must be int, got bool"],
    [null, "Error: 'max_iterations' must be int, got null"],
    ['eighty', "Error: 'max_iterations' must be int, got string"],
    ['8.5', "Error: 'max_iterations' must be int, got string"],
    [8.5, "Error: 'max_iterations' must be int, got float"],
    [[80], "Error: 'max_iterations' must be int, got list"],
    [0, "Error: 'max_iterations' must be >= 1"],
    [101, "Error: 'max_iterations' must be <= 100"],
    ['0', "Error: 'max_iterations' must be >= 1"],
  ])('max_iterations %j → %s', (value, expected) => {
    f = makePolicy();
    expect(text(f.policy.set('max_iterations', value, TOOL_CTX))).toBe(expected);
    expect(f.overrides.maxIterations).toBeUndefined();
  });

  it('the edges of the ranges are accepted', () => {
    f = makePolicy();
    expect(text(f.policy.set('max_iterations', 1, TOOL_CTX))).toBe('Set max_iterations = 1 (was 40)');
    expect(text(f.policy.set('max_iterations', 100, TOOL_CTX))).toBe('Set max_iterations = 100 (was 1)');
    expect(text(f.policy.set('context_window_tokens', 4096, UI_NO_SESSION))).toBe('Set context_window_tokens = 4096 (was 200000)');
    expect(text(f.policy.set('context_window_tokens', 1_000_000, UI_NO_SESSION))).toBe(
      'Set context_window_tokens = 1000000 (was 4096)',
    );
  });

  it.each([
    [4095, "Error: 'context_window_tokens' must be >= 4096"],
    [1_000_001, "Error: 'context_window_tokens' must be <= 1000000"],
    [true, "Error: 'context_window_tokens' must be int, got bool"],
    [null, "Error: 'context_window_tokens' must be int, got null"],
  ])('context_window_tokens %j → %s', (value, expected) => {
    f = makePolicy();
    expect(text(f.policy.set('context_window_tokens', value, UI_NO_SESSION))).toBe(expected);
  });

  it('model: a non-empty string', () => {
    f = makePolicy();
    expect(text(f.policy.set('model', '', UI_NO_SESSION))).toBe("Error: 'model' must be a non-empty string");
    expect(text(f.policy.set('model', 5, UI_NO_SESSION))).toBe("Error: 'model' must be string, got int");
    expect(text(f.policy.set('model', null, UI_NO_SESSION))).toBe("Error: 'model' must be string, got null");
    expect(text(f.policy.set('model', 'm'.repeat(10 * 1024 * 1024), UI_NO_SESSION))).toBe("Error: 'model' must be at most 256 characters (a model name)");
    expect(text(f.policy.set('model', 'gpt-5', UI_NO_SESSION))).toBe('Set model = "gpt-5" (was "gpt-4.1-mini")');
    expect(f.overrides.model).toBe('gpt-5');
  });

  it('session guard: model and context_window_tokens are refused in a session, after validation', () => {
    f = makePolicy();
    expect(text(f.policy.set('model', 'gpt-5', TOOL_CTX))).toBe(GUARD('model'));
    expect(text(f.policy.set('context_window_tokens', 50_000, TOOL_CTX))).toBe(GUARD('context_window_tokens'));
    // type and range come first
    expect(text(f.policy.set('context_window_tokens', 5, TOOL_CTX))).toBe("Error: 'context_window_tokens' must be >= 4096");
    expect(text(f.policy.set('model', '', TOOL_CTX))).toBe("Error: 'model' must be a non-empty string");
    expect(text(f.policy.set('model', 'gpt-5', { sessionKey: 'desktop:1', source: 'ui' }))).toBe(GUARD('model'));
    expect(f.overrides.model).toBeUndefined();
    expect(f.overrides.contextWindowTokens).toBeUndefined();
  });

  it('a direct model change without a session makes `default` the instance preset again', () => {
    f = makePolicy();
    f.policy.set('model_preset', 'fast', UI_NO_SESSION);
    expect(text(f.policy.set('model', 'gpt-5', UI_NO_SESSION))).toBe('Set model = "gpt-5" (was "fast-model")');
    expect(text(f.policy.check('model_preset', UI_NO_SESSION))).toBe('model_preset: "default"');
    expect(text(f.policy.check('model', UI_NO_SESSION))).toBe('model: "gpt-5"');
  });
});

describe('set: typed keys (step 7)', () => {
  it('workspace changes the display only', () => {
    f = makePolicy();
    expect(text(f.policy.set('workspace', '/elsewhere', TOOL_CTX))).toBe('Set workspace = "/elsewhere" (was "/real/workspace")');
    expect(f.overrides.workspaceDisplay).toBe('/elsewhere');
    expect(text(f.policy.check('workspace', TOOL_CTX))).toBe('workspace: "/elsewhere"');
    expect(text(f.policy.set('workspace', 3, TOOL_CTX))).toBe("Error: 'workspace' expects string, got int");
    expect(REAL_WORKSPACE).toBe('/real/workspace');
  });

  it('max_tool_result_chars keeps its type', () => {
    f = makePolicy();
    expect(text(f.policy.set('max_tool_result_chars', '8000', TOOL_CTX))).toBe(
      "Error: 'max_tool_result_chars' expects int, got string",
    );
    expect(text(f.policy.set('max_tool_result_chars', true, TOOL_CTX))).toBe("Error: 'max_tool_result_chars' expects int, got bool");
    expect(text(f.policy.set('max_tool_result_chars', 10, TOOL_CTX))).toBe("Error: 'max_tool_result_chars' must be >= 100");
    expect(text(f.policy.set('max_tool_result_chars', 8000, TOOL_CTX))).toBe('Set max_tool_result_chars = 8000 (was 16000)');
    expect(f.overrides.maxToolResultChars).toBe(8000);
  });

  it('provider_retry_mode keeps its type and must be a known mode', () => {
    f = makePolicy();
    expect(text(f.policy.set('provider_retry_mode', 1, TOOL_CTX))).toBe("Error: 'provider_retry_mode' expects string, got int");
    expect(text(f.policy.set('provider_retry_mode', 'wild', TOOL_CTX))).toBe(
      "Error: 'provider_retry_mode' must be one of: standard, persistent, none",
    );
    expect(text(f.policy.set('provider_retry_mode', 'persistent', TOOL_CTX))).toBe(
      'Set provider_retry_mode = "persistent" (was "standard")',
    );
    expect(f.overrides.providerRetryMode).toBe('persistent');
  });
});

describe('set: scratchpad (step 8)', () => {
  it('stores JSON-safe values and answers Set scratchpad.<key> = <value>', () => {
    f = makePolicy();
    expect(text(f.policy.set('city', 'Lyon', TOOL_CTX))).toBe('Set scratchpad.city = "Lyon"');
    expect(text(f.policy.set('plan', { steps: ['a', 'b'], n: null }, TOOL_CTX))).toBe(
      'Set scratchpad.plan = {"steps":["a","b"],"n":null}',
    );
    expect(text(f.policy.set('count', 3, TOOL_CTX))).toBe('Set scratchpad.count = 3');
  });

  it('64th key ok, 65th refused, updating at the limit ok', () => {
    f = makePolicy();
    for (let i = 1; i <= 63; i++) expect(f.policy.set(`k${i}`, i, TOOL_CTX).ok).toBe(true);
    expect(text(f.policy.set('k64', 64, TOOL_CTX))).toBe('Set scratchpad.k64 = 64');
    expect(text(f.policy.set('k65', 65, TOOL_CTX))).toBe('Error: scratchpad is full (max 64 keys). Remove unused keys first.');
    expect(text(f.policy.set('k1', 'updated', TOOL_CTX))).toBe('Set scratchpad.k1 = "updated"');
    // removing (set without a value) frees a slot
    expect(text(f.policy.set('k2', undefined, TOOL_CTX))).toBe('Removed scratchpad.k2');
    expect(text(f.policy.set('k65', 65, TOOL_CTX))).toBe('Set scratchpad.k65 = 65');
  });

  it('depth 10 ok, 11 refused', () => {
    f = makePolicy();
    const nest = (levels: number): unknown => (levels === 0 ? 1 : { a: nest(levels - 1) });
    expect(f.policy.set('ten', nest(10), TOOL_CTX).ok).toBe(true);
    expect(text(f.policy.set('eleven', nest(11), TOOL_CTX))).toBe('Error: value nesting too deep (max 10 levels)');
    expect(text(f.policy.set('lists', JSON.parse('[[[[[[[[[[[1]]]]]]]]]]]'), TOOL_CTX))).toBe(
      'Error: value nesting too deep (max 10 levels)',
    );
  });

  it('functions, class instances, Map, Date and non-finite numbers are refused', () => {
    f = makePolicy();
    class Box {
      v = 1;
    }
    const hint = '; use strings, numbers, booleans, null, lists and plain objects';
    expect(text(f.policy.set('fn', () => 1, TOOL_CTX))).toBe(`Error: value is not JSON-safe (got function)${hint}`);
    expect(text(f.policy.set('box', new Box(), TOOL_CTX))).toBe(`Error: value is not JSON-safe (got Box)${hint}`);
    expect(text(f.policy.set('map', new Map(), TOOL_CTX))).toBe(`Error: value is not JSON-safe (got Map)${hint}`);
    expect(text(f.policy.set('date', new Date(0), TOOL_CTX))).toBe(`Error: value is not JSON-safe (got Date)${hint}`);
    expect(text(f.policy.set('nested', { a: [1, { f: () => 2 }] }, TOOL_CTX))).toBe(`Error: value is not JSON-safe (got function)${hint}`);
    expect(text(f.policy.set('nan', Number.NaN, TOOL_CTX))).toBe(`Error: value is not JSON-safe (got NaN)${hint}`);
    expect(text(f.policy.check('scratchpad', TOOL_CTX))).toBe('scratchpad is empty');
  });

  it('secret-named fields inside a value are refused', () => {
    f = makePolicy();
    expect(text(f.policy.set('creds', { user: 'me', password: 'hunter2' }, TOOL_CTX))).toBe("Error: 'password' is not accessible");
    expect(text(f.policy.set('x', JSON.parse('{"__proto__":{"polluted":true}}'), TOOL_CTX))).toBe(
      "Error: '__proto__' is not accessible",
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('values are detached copies', () => {
    f = makePolicy();
    const value = { list: [1] };
    f.policy.set('v', value, TOOL_CTX);
    value.list.push(2);
    expect(text(f.policy.check('v', TOOL_CTX))).toBe('v: {"list":[1]}');
    const snap = f.policy.snapshot(TOOL_CTX);
    (snap.scratchpad as { v: { list: number[] } }).v.list.push(9);
    (snap.web_config as { enable: boolean }).enable = false;
    expect(text(f.policy.check('v', TOOL_CTX))).toBe('v: {"list":[1]}');
    expect(text(f.policy.check('web_config.enable', TOOL_CTX))).toBe('web_config.enable: true');
  });

  it('set without a value on a key that does not exist', () => {
    f = makePolicy();
    expect(text(f.policy.set('nothing', undefined, TOOL_CTX))).toBe("Error: 'value' is required for set");
  });
});

describe('allow_set false', () => {
  it('every set from any source answers the disabled error and changes nothing', () => {
    f = makePolicy({ ...BASE_CONFIG, tools: { my: { enable: true, allowSet: false } } });
    const disabled = 'Error: set is disabled (tools.my.allow_set is false)';
    expect(text(f.policy.set('max_iterations', 80, TOOL_CTX))).toBe(disabled);
    expect(text(f.policy.set('max_iterations', 80, { ...UI_NO_SESSION }))).toBe(disabled);
    expect(text(f.policy.set('max_iterations', 80, { source: 'cli' }))).toBe(disabled);
    expect(text(f.policy.set('note', 'x', TOOL_CTX))).toBe(disabled);
    expect(text(f.policy.set('bus', 'x', TOOL_CTX))).toBe(disabled);
    expect(f.overrides.maxIterations).toBeUndefined();
    expect(text(f.policy.check('max_iterations', TOOL_CTX))).toBe('max_iterations: 40');
  });

  it('follows the config at call time', () => {
    f = makePolicy();
    expect(f.policy.set('max_iterations', 50, TOOL_CTX).ok).toBe(true);
    f.setConfig({ ...BASE_CONFIG, tools: { my: { allowSet: false } } });
    expect(text(f.policy.set('max_iterations', 60, TOOL_CTX))).toBe('Error: set is disabled (tools.my.allow_set is false)');
  });
});

describe('change notifications', () => {
  it('fire only for accepted sets', () => {
    f = makePolicy();
    f.policy.set('max_iterations', 50, TOOL_CTX);
    f.policy.set('bus', 1, TOOL_CTX);
    f.policy.set('max_iterations', 500, TOOL_CTX);
    expect(f.changes).toEqual([{ key: 'max_iterations', sessionKey: 'cli:x' }]);
  });
});
