// The port through which subagent tasks report their status to the runtime policy, and how it prints.
import { scrubSecrets } from '../lib/known-secrets';
import { toJson } from './value-format';

/** One tool call a subagent made. */
export interface SubagentToolEvent {
  name: string;
  /** e.g. `ok`, `error`, `running`. */
  status: string;
}

/** What the runtime policy shows about one subagent task. */
export interface SubagentStatus {
  id: string;
  label: string;
  /** e.g. `queued`, `running`, `done`, `failed`, `cancelled`. */
  phase: string;
  iteration: number;
  elapsedSeconds: number;
  /** Oldest first; the policy shows the last 5. */
  toolEvents: SubagentToolEvent[];
  usage?: { promptTokens: number; completionTokens: number; totalTokens: number };
  error?: string;
  stopReason?: string;
  /** The session that spawned it (the policy shows a session only its own subagents when set). */
  parentSessionKey?: string;
}

/** Implemented by the subagent manager; with no tasks the policy shows `subagents: {}`. */
export interface SubagentStatusSource {
  list(): SubagentStatus[];
}

const LAST_TOOL_EVENTS = 5;

function usageJson(usage: SubagentStatus['usage']): unknown {
  if (!usage) return null;
  return { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.totalTokens };
}

function scrub(text: string): string {
  return scrubSecrets(text);
}

/** The snapshot form of the subagents (a mapping by id), used for dot paths like `subagents.<id>.phase`. */
export function subagentsMapping(list: readonly SubagentStatus[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of list) {
    out[s.id] = {
      label: s.label,
      phase: s.phase,
      iteration: s.iteration,
      elapsed_seconds: Math.round(s.elapsedSeconds * 10) / 10,
      tools: s.toolEvents.slice(-LAST_TOOL_EVENTS).map((t) => `${t.name}(${t.status})`),
      usage: usageJson(s.usage),
      ...(s.error ? { error: scrub(s.error) } : {}),
      ...(s.stopReason ? { stop_reason: s.stopReason } : {}),
    };
  }
  return out;
}

/**
 * `subagents: {}` when there are none; else `subagents: N subagent(s):` and per task
 * `  [<id>] '<label>'` followed by its phase, tools, usage and (when present) error / stop_reason lines.
 */
export function formatSubagents(list: readonly SubagentStatus[]): string {
  return `subagents: ${subagentsDisplay(list)}`;
}

/** The part of `formatSubagents` after `subagents: ` (what the runtime panel shows). */
export function subagentsDisplay(list: readonly SubagentStatus[]): string {
  if (list.length === 0) return '{}';
  const lines = [`${list.length} subagent(s):`];
  for (const s of list) {
    const tools = s.toolEvents.slice(-LAST_TOOL_EVENTS).map((t) => `${t.name}(${t.status})`);
    lines.push(`  [${s.id}] '${s.label}'`);
    lines.push(`    phase: ${s.phase}, iteration: ${s.iteration}, elapsed: ${s.elapsedSeconds.toFixed(1)}s`);
    lines.push(`    tools: ${tools.length ? tools.join(', ') : 'none'}`);
    lines.push(`    usage: ${s.usage ? toJson(usageJson(s.usage)) : 'n/a'}`);
    if (s.error) lines.push(`    error: ${scrub(s.error)}`);
    if (s.stopReason) lines.push(`    stop_reason: ${s.stopReason}`);
  }
  return lines.join('\n');
}
