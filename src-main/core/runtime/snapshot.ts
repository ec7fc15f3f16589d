// The whitelist snapshot the runtime policy reads: built fresh for every call, detached from live state.
import type { Config } from '../../../src-preload/contract/config-schema';
import type { TokenUsage } from '../model/chat-message';
import { effectiveModel, listPresets, type ModelChoice } from '../model/model-presets';
import type { RuntimeOverrides } from '../config/runtime-overrides';
import { subagentsMapping, type SubagentStatus } from './subagent-status';
import { scrubSecrets } from '../lib/known-secrets';
import { isPlainObject } from './value-format';

/** The turn's origin, as `request.*` shows it. */
export interface RequestInfo {
  channel: string;
  chatId: string;
  senderId: string | null;
}

/** Everything a snapshot is built from (read at call time by the policy). */
export interface SnapshotSources {
  config: Config;
  overrides: RuntimeOverrides;
  /** The real workspace path (shown unless a display override is set). */
  workspace: string;
  toolNames: string[];
  /** The current session's preset, when a session is bound. */
  sessionPreset?: string;
  /** The session's own model (picked from a provider's list), which wins over its preset. */
  sessionModel?: ModelChoice;
  /** The current session's last completed turn usage. */
  lastUsage?: TokenUsage;
  currentIteration: number;
  subagents: SubagentStatus[];
  scratchpad: Record<string, unknown>;
  request?: RequestInfo;
}

/** What a configured proxy looks like to the agent: never its address or credentials. */
export const CONFIGURED_MARKER = '<configured>';

/** Drops `user:password@` (and any query string, where keys often travel) from a URL. */
export function stripUrlCredentials(url: string): string {
  let out = url;
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password || parsed.search) {
      parsed.username = '';
      parsed.password = '';
      parsed.search = '';
      out = parsed.toString();
    }
  } catch {
    // not a parsable URL: the patterns below still remove a `user:pass@` authority and a query
  }
  return out.replace(/^([^:/?#\s]+:\/\/)[^/?#]*@/, '$1').replace(/\?.*$/, '');
}

function webConfig(config: Config): Record<string, unknown> {
  const web = config.tools.web;
  return {
    enable: web.enable,
    proxy: web.proxy ? CONFIGURED_MARKER : null,
    allow_private_hosts: [...web.allowPrivateHosts],
    search: {
      provider: web.search.provider,
      base_url: stripUrlCredentials(web.search.baseUrl),
      max_results: web.search.maxResults,
    },
  };
}

function execConfig(config: Config): Record<string, unknown> {
  const exec = config.tools.exec;
  return {
    enable: exec.enable,
    timeout: exec.timeout,
    deny_patterns: [...exec.denyPatterns],
    allow_patterns: [...exec.allowPatterns],
    allowed_env_keys: [...exec.allowedEnvKeys],
  };
}

function modelPresets(config: Config, overrides: RuntimeOverrides): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, preset] of Object.entries(listPresets(config, overrides))) {
    out[name] = {
      provider: preset.provider ?? config.agent.provider,
      model: preset.model,
      context_window_tokens: preset.contextWindowTokens ?? config.agent.contextWindowTokens,
    };
  }
  return out;
}

/**
 * The snapshot as a plain JSON value. `model`, `model_preset` and `context_window_tokens` are the
 * session's values when a session preset applies. `_last_usage` and `request` appear only when known.
 */
export function buildSnapshot(src: SnapshotSources): Record<string, unknown> {
  const { config, overrides } = src;
  const effective = effectiveModel(config, overrides, src.sessionPreset, src.sessionModel);
  const snapshot: Record<string, unknown> = {
    model: effective.model,
    model_preset: effective.presetName,
    model_presets: modelPresets(config, overrides),
    max_iterations: overrides.maxIterations ?? config.agent.maxIterations,
    context_window_tokens: effective.contextWindowTokens,
    workspace: overrides.workspaceDisplay ?? src.workspace,
    provider_retry_mode: overrides.providerRetryMode ?? config.agent.providerRetryMode,
    max_tool_result_chars: overrides.maxToolResultChars ?? config.agent.maxToolResultChars,
    current_iteration: src.currentIteration,
    _current_iteration: src.currentIteration,
    tool_names: [...src.toolNames],
    web_config: webConfig(config),
    exec_config: execConfig(config),
    subagents: subagentsMapping(src.subagents),
    scratchpad: src.scratchpad,
  };
  if (src.lastUsage) {
    snapshot._last_usage = {
      prompt_tokens: src.lastUsage.promptTokens,
      completion_tokens: src.lastUsage.completionTokens,
      total_tokens: src.lastUsage.totalTokens,
    };
  }
  if (src.request) {
    snapshot.request = { channel: src.request.channel, chat_id: src.request.chatId, sender_id: src.request.senderId };
  }
  return detachScrubbed(snapshot) as Record<string, unknown>;
}

/**
 * A deep copy sharing no reference with config, overrides or the scratchpad, in which every string
 * has the secrets the core knows replaced (a last guard: secrets are not whitelisted in the first place).
 */
function detachScrubbed(value: unknown): unknown {
  if (typeof value === 'string') return scrubSecrets(value);
  if (Array.isArray(value)) return value.map(detachScrubbed);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[scrubSecrets(k)] = detachScrubbed(v);
    return out;
  }
  return value;
}
