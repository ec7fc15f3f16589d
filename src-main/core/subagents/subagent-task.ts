// The state of one subagent task as the manager tracks it and the runtime panel / `my` tool show it.
import type { TokenUsage } from '../model/chat-message';
import type { StopReason } from '../../../src-preload/contract/event-schemas';

export type SubagentPhase = 'initializing' | 'awaiting_tools' | 'tools_completed' | 'final_response' | 'done' | 'error';

export interface SubagentToolEvent {
  callId: string;
  name: string;
  status: 'running' | 'ok' | 'error';
}

export interface SubagentTask {
  id: string;
  label: string;
  task: string;
  /** The session that spawned it; the result is announced there. */
  originSessionKey: string;
  /** Its own session, `subagent:<id>`. */
  sessionKey: string;
  startedAt: number;
  finishedAt?: number;
  phase: SubagentPhase;
  iteration: number;
  /** Oldest first, capped. */
  toolEvents: SubagentToolEvent[];
  usage?: TokenUsage;
  stopReason?: StopReason;
  error?: string;
  /** The subagent's final answer. */
  result?: string;
  /** Unattended follow-up turns before the turn that spawned it (0: the user's, a job's or a beat's turn). */
  followUp: number;
}

export function isFinished(task: SubagentTask): boolean {
  return task.phase === 'done' || task.phase === 'error';
}
