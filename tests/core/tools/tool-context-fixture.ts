// A ToolContext for tool tests: a real temp workspace, default config (overridable), and recorded events.
import { mkdtempSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import { configSchema, type Config } from '../../../src-preload/contract/config-schema';
import type { ToolContext } from '../../../src-main/core/tools/tool';

export interface ToolFixture {
  /** Real path of the temp folder holding the workspace (siblings of the workspace live here). */
  root: string;
  workspace: string;
  skillsDir: string;
  events: CoreEvent[];
  ctx(overrides?: Partial<ToolContext>): ToolContext;
  cleanup(): void;
}

/** `configInput` is parsed like config.json, so defaults fill the rest. */
export function makeToolFixture(configInput: Record<string, unknown> = {}): ToolFixture {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'nanotray-tools-')));
  const workspace = join(root, 'ws');
  const skillsDir = join(root, 'app', 'skills');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(skillsDir, { recursive: true });
  const config: Config = configSchema.parse(configInput);
  const events: CoreEvent[] = [];
  return {
    root,
    workspace,
    skillsDir,
    events,
    ctx: (overrides = {}) => ({
      sessionKey: 'cli:test',
      channel: 'cli',
      chatId: 'test',
      turnId: 'turn-1',
      callId: 'call-1',
      workspace,
      builtinSkillsDir: skillsDir,
      config,
      signal: new AbortController().signal,
      iteration: 1,
      interactive: true,
      vision: false,
      inCronRun: false,
      emit: (e) => events.push(e),
      now: () => 1_700_000_000_000,
      ...overrides,
    }),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
