// End to end: the scripted model calls `my` through the real agent loop and session runner.
import { useScriptedCore } from '../../helpers/scripted-core';
import { describe, expect, it } from 'vitest';
import type { Core } from '../../../src-main/core/nanotray-core';
import { getSession } from '../../../src-main/core/store/sessions.repo';

const t = useScriptedCore({ approvalMode: 'auto' });

const makeCore = (extra: Record<string, any>): Core => t.open(extra);

/** The tool messages the model received in request `i`, by call id. */
function toolMessages(i: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of t.llm.requests[i]!.body.messages) if (m.role === 'tool') out[m.tool_call_id] = m.content;
  return out;
}

function myDescription(i: number): string {
  return t.llm.requests[i]!.body.tools.find((t: any) => t.function.name === 'my').function.description;
}

describe('my through the agent loop', () => {
  it('checks, switches the session preset for the next turn, raises max_iterations and reads _last_usage', async () => {
    const c = makeCore({
      tools: { my: { enable: true, allowSet: true } },
      modelPresets: { fast: { model: 'fast-model', contextWindowTokens: 64000 } },
    });
    t.llm.enqueue(
      {
        toolCalls: [
          { id: 'c_over', name: 'my', arguments: { action: 'check' } },
          { id: 'c_chan', name: 'my', arguments: { action: 'check', key: 'request.channel' } },
          { id: 'c_key', name: 'my', arguments: { action: 'check', key: 'web_config.search.api_key' } },
        ],
      },
      {
        toolCalls: [
          { id: 'c_preset', name: 'my', arguments: { action: 'set', key: 'model_preset', value: 'fast' } },
          { id: 'c_iter', name: 'my', arguments: '{"action":"set","key":"max_iterations","value":"12"}' },
          { id: 'c_model', name: 'my', arguments: { action: 'set', key: 'model', value: 'other' } },
        ],
      },
      { text: 'Switched to the fast preset from your next message.' },
    );
    const first = await c.sessions.run({ sessionKey: 'cli:x', text: 'use the fast model please' });
    expect(first.stopReason).toBe('completed');
    expect(t.llm.requests.map((r) => r.body.model)).toEqual(['fake-model', 'fake-model', 'fake-model']);
    expect(myDescription(0).includes('READ-ONLY')).toBe(false);

    const checks = toolMessages(1);
    expect(checks.c_over!.split('\n').slice(0, 4)).toEqual([
      'max_iterations: 40',
      'context_window_tokens: 200000',
      'model: "fake-model"',
      'model_preset: "default"',
    ]);
    expect(checks.c_over).toContain('_current_iteration: 1');
    expect(checks.c_chan).toBe('request.channel: "cli"');
    expect(checks.c_key).toBe("Error: 'api_key' is not accessible");

    const sets = toolMessages(2);
    expect(sets.c_preset).toBe(
      'Set model_preset = "fast" for the next turn; model will be "fast-model"; context_window_tokens will be 64000',
    );
    expect(sets.c_iter).toBe('Set max_iterations = 12 (was 40)');
    expect(sets.c_model).toBe(
      "Error: direct 'model' changes are instance-wide and disabled during an active session; use a configured model_preset",
    );
    expect(getSession(c.db, 'cli:x')?.meta.modelPreset).toBe('fast');
    expect(c.overrides.maxIterations).toBe(12);
    // secrets never went to the model
    expect(JSON.stringify(t.llm.requests.map((r) => r.body))).not.toContain('sk-test-secret-key-123456');

    t.llm.enqueue(
      { toolCalls: [{ id: 'c_usage', name: 'my', arguments: { action: 'check', key: '_last_usage' } }] },
      { text: 'ok' },
    );
    await c.sessions.run({ sessionKey: 'cli:x', text: 'how many tokens did that take?' });
    expect(t.llm.requests[3]!.body.model).toBe('fast-model');
    expect(toolMessages(4).c_usage).toBe('_last_usage: {"prompt_tokens":30,"completion_tokens":15,"total_tokens":45}');

    const audit = c.runtime.listAudit(10).reverse().map((r) => `${r.source} ${r.outcome} ${r.detail}`);
    expect(audit).toEqual([
      'tool accepted model_preset: "default" -> "fast"',
      'tool accepted max_iterations: 40 -> 12',
      'tool rejected SESSION_GUARD model',
    ]);
  });

  it('with allow_set false the model sees READ-ONLY MODE and every set is refused', async () => {
    const c = makeCore({});
    t.llm.enqueue(
      { toolCalls: [{ id: 'c_set', name: 'my', arguments: { action: 'set', key: 'max_iterations', value: 80 } }] },
      { toolCalls: [{ id: 'c_bad', name: 'my', arguments: { action: 'reset' } }] },
      { text: 'I cannot change that.' },
    );
    await c.sessions.run({ sessionKey: 'desktop:abc', text: 'raise your iteration limit' });
    expect(myDescription(0).endsWith('READ-ONLY MODE: set is disabled.')).toBe(true);
    expect(toolMessages(1).c_set).toBe('Error: set is disabled (tools.my.allow_set is false)');
    expect(toolMessages(2).c_bad).toMatch(/^Error: Invalid parameters for tool 'my': 'action': /);
    expect(c.overrides.maxIterations).toBeUndefined();
    expect(c.runtime.listAudit(10).map((r) => `${r.sessionKey} ${r.outcome}`)).toEqual(['desktop:abc disabled']);
  });
});
