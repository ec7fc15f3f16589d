// core.runtime on a real core: the my tool's registration, preset persistence across restarts, audit, presets.
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import { openCoreBase } from '../../../src-main/core/base/core-base';
import { wireRuntime } from '../../../src-main/core/runtime/runtime.wiring';
import { ToolRegistry } from '../../../src-main/core/tools/tool-registry';
import { getSession } from '../../../src-main/core/store/sessions.repo';
import { makeTempHome, type TempHome } from '../../helpers/temp-home';

let home: TempHome | undefined;
const cores: Core[] = [];

const CONFIG = {
  providers: { test: { apiKey: 'sk-install-secret-123456', baseUrl: 'http://127.0.0.1:9/v1' } },
  agent: { provider: 'test', model: 'fake-model' },
  modelPresets: { fast: { model: 'fast-model', contextWindowTokens: 64000 } },
  tools: { my: { enable: true, allowSet: true } },
  heartbeat: { enable: false },
};

function open(config: unknown = CONFIG, reuse?: TempHome): Core {
  home = reuse ?? makeTempHome(config);
  const created = createCore({ host: 'test', home: home.home, env: {} });
  if (!created.ok) throw new Error(created.error);
  cores.push(created.value);
  return created.value;
}

afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
  home?.cleanup();
  home = undefined;
});

describe('wireRuntime', () => {
  it('registers the my tool when tools.my.enable (default true) and follows config changes', () => {
    const core = open({ ...CONFIG, tools: {} });
    expect(core.tools.names()).toContain('my');
    expect(core.tools.get('my')?.description.endsWith('READ-ONLY MODE: set is disabled.')).toBe(true);
    expect(core.updateConfig((raw) => void (raw.tools = { my: { enable: false } })).ok).toBe(true);
    expect(core.tools.names()).not.toContain('my');
    expect(core.updateConfig((raw) => void (raw.tools = { my: { enable: true, allowSet: true } })).ok).toBe(true);
    expect(core.tools.names()).toContain('my');
    expect(core.tools.get('my')?.description.includes('READ-ONLY')).toBe(false);
  });

  it('is not registered when tools.my.enable is false', () => {
    const core = open({ ...CONFIG, tools: { my: { enable: false } } });
    expect(core.tools.names()).not.toContain('my');
    // the policy itself still answers (the runtime panel uses it)
    expect(core.runtime.check('max_iterations', { source: 'ui' })).toEqual({ ok: true, value: { text: 'max_iterations: 40', display: '40', value: 40 } });
  });

  it('a session\'s model_preset survives a restart of the core', async () => {
    const first = open();
    expect(first.runtime.set('model_preset', 'fast', { sessionKey: 'cli:x', source: 'tool' })).toEqual({
      ok: true,
      value: 'Set model_preset = "fast" for the next turn; model will be "fast-model"; context_window_tokens will be 64000',
    });
    const keep = home!;
    await first.dispose();
    cores.splice(0);
    const second = open(undefined, keep);
    expect(getSession(second.db, 'cli:x')?.meta.modelPreset).toBe('fast');
    expect(second.runtime.check('model_preset', { sessionKey: 'cli:x', source: 'tool' })).toEqual({
      ok: true,
      value: { text: 'model_preset: "fast"', display: '"fast"', value: 'fast' },
    });
    expect(second.runtime.check('model', { sessionKey: 'cli:x', source: 'tool' })).toEqual({ ok: true, value: { text: 'model: "fast-model"', display: '"fast-model"', value: 'fast-model' } });
    expect(second.runtime.check('model_preset', { sessionKey: 'cli:other', source: 'tool' })).toEqual({
      ok: true,
      value: { text: 'model_preset: "default"', display: '"default"', value: 'default' },
    });
    expect(second.runtime.presets('cli:x')).toEqual({
      active: 'fast',
      presets: [
        { name: 'fast', model: 'fast-model', contextWindowTokens: 64000 },
        { name: 'default', model: 'fake-model', contextWindowTokens: 200000 },
      ],
    });
    // the audit row survived too; instance overrides and the scratchpad did not
    expect(second.runtime.listAudit(10).map((r) => r.detail)).toEqual(['model_preset: "default" -> "fast"']);
  });

  it('overrides and the scratchpad live in memory only', async () => {
    const first = open();
    first.runtime.set('max_iterations', 12, { source: 'ui' });
    first.runtime.set('note', 'x', { sessionKey: 'cli:x', source: 'tool' });
    expect(first.overrides.maxIterations).toBe(12);
    const keep = home!;
    await first.dispose();
    cores.splice(0);
    const second = open(undefined, keep);
    expect(second.runtime.check('max_iterations', { source: 'ui' })).toEqual({ ok: true, value: { text: 'max_iterations: 40', display: '40', value: 40 } });
    expect(second.runtime.check('scratchpad', { sessionKey: 'cli:x', source: 'tool' })).toEqual({
      ok: true,
      value: { text: 'scratchpad is empty', display: 'scratchpad is empty', value: {} },
    });
  });

  it('workspace set changes the display, never the sandbox root', () => {
    const core = open();
    const root = core.workspace();
    expect(core.runtime.set('workspace', '/tmp/elsewhere', { source: 'ui' }).ok).toBe(true);
    expect(core.workspace()).toBe(root);
    expect(core.runtime.overview()).toContain('workspace: "/tmp/elsewhere"');
  });

  it('overview() is the check overview; subagents come from the subagent source it is built with', async () => {
    const core = open();
    const checked = core.runtime.check(undefined, { source: 'cli' });
    expect(core.runtime.overview()).toBe(checked.ok ? checked.value.text : checked.error.message);
    expect(core.runtime.overview()).toContain('\nsubagents: {}');
    const opened = openCoreBase({ host: 'test', home: home!.home, env: {} });
    if (!opened.ok) throw new Error(opened.error);
    const runtime = wireRuntime(opened.value.base, {
      tools: new ToolRegistry(),
      activeTurn: () => undefined,
      subagents: { list: () => [{ id: 'a1', label: 'job', phase: 'running', iteration: 1, elapsedSeconds: 0.25, toolEvents: [] }] },
    });
    expect(runtime.check('subagents', { source: 'ui' })).toEqual({
      ok: true,
      value: {
        text: "subagents: 1 subagent(s):\n  [a1] 'job'\n    phase: running, iteration: 1, elapsed: 0.3s\n    tools: none\n    usage: n/a",
        display: "1 subagent(s):\n  [a1] 'job'\n    phase: running, iteration: 1, elapsed: 0.3s\n    tools: none\n    usage: n/a",
      },
    });
    await opened.value.dispose();
    expect(core.runtime.check('subagents', { source: 'ui' })).toEqual({ ok: true, value: { text: 'subagents: {}', display: '{}' } });
  });

  it('the overview never contains a secret', () => {
    const core = open({ ...CONFIG, tools: { my: { enable: true }, web: { proxy: 'http://u:pw-secret@p:1', search: { apiKey: 'search-key-secret' } } } });
    const overview = core.runtime.overview('cli:x');
    expect(overview).toContain('"proxy":"<configured>"');
    for (const s of ['sk-install-secret-123456', 'pw-secret', 'search-key-secret']) expect(overview).not.toContain(s);
  });

  it('notifies listeners of accepted sets and marks the session changed for a preset', () => {
    const core = open();
    const changes: unknown[] = [];
    const events: unknown[] = [];
    core.runtime.onChange((c) => changes.push(c));
    core.events.on((e) => e.type === 'session.changed' && events.push(e));
    core.runtime.set('model_preset', 'fast', { sessionKey: 'desktop:1', source: 'ui' });
    core.runtime.set('tools', 1, { sessionKey: 'desktop:1', source: 'ui' });
    expect(changes).toEqual([{ key: 'model_preset', sessionKey: 'desktop:1' }]);
    expect(events).toEqual([{ type: 'session.changed', sessionKey: 'desktop:1', change: 'updated' }]);
  });
});
