// A RuntimePolicy over an in-memory database and a fixed config, for the runtime tests.
import { parseConfig } from '../../../src-main/core/config/load-config';
import type { Config } from '../../../src-preload/contract/config-schema';
import type { RuntimeOverrides } from '../../../src-main/core/config/runtime-overrides';
import { openDatabase, type Database } from '../../../src-main/core/store/db';
import { RuntimePolicy, type RuntimeCallContext, type RuntimeReading } from '../../../src-main/core/runtime/runtime-policy';
import type { PolicyError, PolicyErrorCode } from '../../../src-main/core/runtime/policy-error';
import { ScratchpadStore } from '../../../src-main/core/runtime/scratchpad';
import type { SubagentStatus } from '../../../src-main/core/runtime/subagent-status';

export const REAL_WORKSPACE = '/real/workspace';

/** allow_set on, one extra preset `fast`, defaults otherwise. */
export const BASE_CONFIG = {
  agent: { provider: 'openai', model: 'gpt-4.1-mini' },
  providers: { openai: { apiKey: 'sk-live-provider-secret-999' } },
  modelPresets: { fast: { model: 'fast-model', contextWindowTokens: 128000 } },
  tools: { my: { enable: true, allowSet: true } },
};

export interface PolicyFixture {
  policy: RuntimePolicy;
  db: Database;
  overrides: RuntimeOverrides;
  subagents: SubagentStatus[];
  setConfig(input: Record<string, unknown>): void;
  changes: { key: string; sessionKey?: string }[];
  close(): void;
}

export function parse(input: Record<string, unknown>): Config {
  const parsed = parseConfig(input);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value.config;
}

export function makePolicy(input: Record<string, unknown> = BASE_CONFIG): PolicyFixture {
  const db = openDatabase(':memory:');
  let config = parse(input);
  const overrides: RuntimeOverrides = {};
  const subagents: SubagentStatus[] = [];
  const changes: { key: string; sessionKey?: string }[] = [];
  const policy = new RuntimePolicy({
    db,
    config: () => config,
    overrides,
    workspace: () => REAL_WORKSPACE,
    toolNames: () => ['my', 'read_file'],
    now: () => 1_700_000_000_000,
    scratchpads: new ScratchpadStore(),
    subagents: () => ({ list: () => subagents }),
    onChange: (c) => changes.push(c),
  });
  return {
    policy,
    db,
    overrides,
    subagents,
    changes,
    setConfig: (next) => {
      config = parse(next);
    },
    close: () => db.close(),
  };
}

export const TOOL_CTX: RuntimeCallContext = { sessionKey: 'cli:x', source: 'tool', iteration: 2 };
export const UI_NO_SESSION: RuntimeCallContext = { source: 'ui' };

type PolicyAnswer = { ok: true; value: string | RuntimeReading } | { ok: false; error: PolicyError };

/** The text of a result: what the `my` tool shows (a reading's text, a change's text, or the refusal). */
export function text(result: PolicyAnswer): string {
  if (!result.ok) return result.error.message;
  return typeof result.value === 'string' ? result.value : result.value.text;
}

/** The refusal code of a result ('ok' when it was not refused). */
export function code(result: PolicyAnswer): PolicyErrorCode | 'ok' {
  return result.ok ? 'ok' : result.error.code;
}
