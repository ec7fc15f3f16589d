// A ToolContext for calling a core's tools directly: the core's workspace, config and clock; events go to the core.
import type { Core } from '../../src-main/core/nanotray-core';
import type { ToolContext } from '../../src-main/core/tools/tool';

/** A non-interactive first-iteration call in session `cli:test`; `overrides` change any field. */
export function coreToolContext(core: Core, overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    sessionKey: 'cli:test',
    channel: 'cli',
    chatId: 'test',
    turnId: 't1',
    callId: 'c1',
    workspace: core.workspace(),
    builtinSkillsDir: core.builtinSkillsDir,
    config: core.config(),
    signal: new AbortController().signal,
    iteration: 1,
    interactive: false,
    vision: false,
    inCronRun: false,
    emit: (event) => core.events.emit(event),
    now: () => core.clock.now(),
    ...overrides,
  };
}
