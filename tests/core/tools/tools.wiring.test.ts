// wireTools through createCore: the built-in tools are registered, core.approvals gates them, exec is prechecked.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import { preloadBashParser } from '../../../src-main/core/tools/shell-grammar/bash-parser';
import { systemSandbox } from '../../../src-main/core/tools/os-sandbox/exec-sandbox';
import { configSchema } from '../../../src-preload/contract/config-schema';
import type { ToolContext } from '../../../src-main/core/tools/tool';
import { makeTempHome, type TempHome } from '../../helpers/temp-home';
import { coreToolContext } from '../../helpers/core-tool-context';
import { builtinToolNames } from '../../helpers/builtin-tool-list';

// The gate analyses commands on the bash grammar and probes the sandbox; both done up front so one tick reaches the prompt.
beforeAll(async () => {
  await preloadBashParser();
  await systemSandbox.state(configSchema.parse({}).tools.exec);
});

let home: TempHome;
let core: Core;
let events: CoreEvent[];

function start(config: unknown): void {
  home = makeTempHome(config);
  const created = createCore({ host: 'test', home: home.home, env: { PATH: process.env.PATH ?? '' } });
  if (!created.ok) throw new Error(created.error);
  core = created.value;
  events = [];
  core.events.on((e) => events.push(e));
}

function ctx(overrides: Partial<ToolContext> = {}): ToolContext {
  return coreToolContext(core, { sessionKey: 'cli:direct', chatId: 'direct', interactive: true, ...overrides });
}

afterEach(async () => {
  await core.dispose();
  home.cleanup();
});

describe('wireTools', () => {
  beforeEach(() => start({}));

  it('registers the built-in tools', () => {
    expect(core.tools.names().filter((n) => builtinToolNames().includes(n))).toEqual([...builtinToolNames()].sort());
    expect(core.approvals.mode()).toBe('ask');
  });

  it('asks before exec in mode ask, and runs it once allowed', async () => {
    const pending = core.tools.execute('exec', { command: 'echo approved' }, ctx());
    await new Promise((r) => setImmediate(r));
    const [request] = core.approvals.pending('cli:direct');
    expect(request).toMatchObject({ tool: 'exec', workingDir: core.workspace(), alwaysLabel: 'exec: echo' });
    expect(core.approvals.resolve(request!.id, 'allow_once')).toEqual({ ok: true, value: undefined });
    expect(await pending).toEqual({ ok: true, output: 'approved\nExit code: 0' });
    expect(events.map((e) => e.type)).toEqual(['approval.requested', 'approval.resolved']);
  });

  it('refuses a blocked command without asking the user', async () => {
    expect(await core.tools.execute('exec', { command: 'rm -rf notes' }, ctx())).toEqual({
      ok: false,
      error: { code: 'refused', message: 'Error: Command blocked by deny pattern filter' },
    });
    expect(events).toEqual([]);
  });

  it('persists "always" rules in the core database', async () => {
    const pending = core.tools.execute('write_file', { path: 'a.txt', content: 'x' }, ctx());
    await new Promise((r) => setImmediate(r));
    core.approvals.resolve(core.approvals.pending()[0]!.id, 'allow_always');
    expect((await pending).ok).toBe(true);
    expect(core.approvals.listRules()).toMatchObject([{ tool: 'write_file', kind: 'tool', pattern: '' }]);
    expect(await core.tools.execute('write_file', { path: 'b.txt', content: 'y' }, ctx({ interactive: false }))).toMatchObject({ ok: true });
  });
});

describe('wireTools with tools disabled in config', () => {
  it('leaves exec and the web tools out', () => {
    start({ tools: { exec: { enable: false }, web: { enable: false } } });
    const names = core.tools.names();
    expect(names.includes('exec') || names.includes('web_fetch') || names.includes('web_search')).toBe(false);
    expect(names.includes('read_file')).toBe(true);
  });
});
