// The `my` tool over the policy: registry validation, the READ-ONLY description, the shared disabled error.
import { afterEach, describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../src-main/core/tools/tool-registry';
import { resultText, type ToolContext } from '../../../src-main/core/tools/tool';
import { createMyTool, READ_ONLY_NOTE } from '../../../src-main/core/runtime/my.tool';
import { BASE_CONFIG, makePolicy, parse, text, type PolicyFixture } from './policy-fixture';

let f: PolicyFixture;
afterEach(() => f?.close());

function toolCtx(sessionKey = 'desktop:abc', iteration = 3): ToolContext {
  const [channel = 'desktop', chatId = 'default'] = sessionKey.split(':');
  return {
    sessionKey,
    channel,
    chatId,
    turnId: 't1',
    callId: 'c1',
    workspace: '/real/workspace',
    builtinSkillsDir: '/skills',
    config: parse(BASE_CONFIG),
    signal: new AbortController().signal,
    iteration,
    interactive: true,
    vision: false,
    inCronRun: false,
    emit: () => {},
    now: () => 0,
  };
}

function setup(allowSet: boolean) {
  const input = { ...BASE_CONFIG, tools: { my: { enable: true, allowSet } } };
  f = makePolicy(input);
  let config = parse(input);
  const tool = createMyTool(f.policy, () => config);
  const registry = new ToolRegistry();
  registry.register(tool);
  return {
    tool,
    registry,
    setAllowSet: (v: boolean) => {
      config = parse({ ...BASE_CONFIG, tools: { my: { allowSet: v } } });
      f.setConfig({ ...BASE_CONFIG, tools: { my: { allowSet: v } } });
    },
    call: async (args: unknown, ctx = toolCtx()) => resultText(await registry.execute('my', args, ctx)),
  };
}

describe('my tool', () => {
  it('is a read-category tool named my', () => {
    const { tool } = setup(true);
    expect(tool.name).toBe('my');
    expect(tool.category).toBe('read');
  });

  it('a missing or unknown action is an invalid-parameters error from the registry', async () => {
    const { call } = setup(true);
    expect(await call({})).toMatch(/^Error: Invalid parameters for tool 'my': 'action': /);
    expect(await call({ action: 'delete', key: 'x' })).toMatch(/^Error: Invalid parameters for tool 'my': 'action': /);
    expect(await call('{"action": "check"')).toMatch(/^Error: Invalid parameters for tool 'my': arguments are not valid JSON/);
  });

  it('check answers with the policy text, using the turn\'s session, channel and iteration', async () => {
    const { call } = setup(true);
    expect(await call({ action: 'check', key: 'request.channel' })).toBe('request.channel: "desktop"');
    expect(await call({ action: 'check', key: 'request.chat_id' })).toBe('request.chat_id: "abc"');
    expect(await call({ action: 'check', key: '_current_iteration' })).toBe('_current_iteration: 3');
    expect(await call('{"action":"check","key":null}')).toContain('max_iterations: 40\n');
    expect(await call({ action: 'check', key: 'API_KEY' })).toBe("Error: 'API_KEY' is not accessible");
  });

  it('set goes through the policy (errors as tool errors)', async () => {
    const { call } = setup(true);
    expect(await call({ action: 'set', key: 'max_iterations', value: '80' })).toBe('Set max_iterations = 80 (was 40)');
    expect(await call({ action: 'set', key: 'bus', value: 1 })).toBe("Error: 'bus' is protected and cannot be modified");
    expect(await call({ action: 'set', key: 'model', value: 'x' })).toBe(
      "Error: direct 'model' changes are instance-wide and disabled during an active session; use a configured model_preset",
    );
    expect(await call({ action: 'set', key: 'notes', value: { a: 1 } })).toBe('Set scratchpad.notes = {"a":1}');
    expect(await call({ action: 'check', key: 'notes' })).toBe('notes: {"a":1}');
  });

  it('with allow_set false: READ-ONLY description and the same error as the policy called by the UI', async () => {
    const { tool, call } = setup(false);
    expect(tool.description.endsWith(READ_ONLY_NOTE)).toBe(true);
    expect(READ_ONLY_NOTE).toBe('READ-ONLY MODE: set is disabled.');
    const fromTool = await call({ action: 'set', key: 'max_iterations', value: 80 });
    const fromUi = text(f.policy.set('max_iterations', 80, { source: 'ui' }));
    expect(fromTool).toBe('Error: set is disabled (tools.my.allow_set is false)');
    expect(fromUi).toBe(fromTool);
    expect(await call({ action: 'set', key: 'notes', value: 1 })).toBe('Error: set is disabled (tools.my.allow_set is false)');
    expect(await call({ action: 'check', key: 'max_iterations' })).toBe('max_iterations: 40');
    expect(f.overrides.maxIterations).toBeUndefined();
  });

  it('the description follows the config at call time', () => {
    const { tool, registry, setAllowSet } = setup(true);
    expect(tool.description.includes('READ-ONLY')).toBe(false);
    setAllowSet(false);
    expect(tool.description.endsWith(READ_ONLY_NOTE)).toBe(true);
    expect(registry.specs()[0]?.description.endsWith(READ_ONLY_NOTE)).toBe(true);
  });
});
