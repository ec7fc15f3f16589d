// The port the scheduler runs agent turns through (the session runner `core.sessions` fits it).
import type { TokenUsage } from '../model/chat-message';
import type { StopReason } from '../../../src-preload/contract/event-schemas';
import type { QuietTurn } from '../agent/agent-loop';

export interface ScheduledTurnRequest {
  sessionKey: string;
  text: string;
  /** Always false here: nobody is at the keyboard to answer an approval. */
  interactive: false;
  source: 'heartbeat' | 'cron';
  /** True for cron runs: the cron tool refuses to schedule from inside one. */
  inCronRun?: boolean;
  signal?: AbortSignal;
  /** Extra system-prompt text for this turn only. */
  extraSystem?: string;
  /** Publish and store no raw answer (the heartbeat reply may be a bare HEARTBEAT_OK); the result carries it. */
  quiet?: QuietTurn;
  /** Title of the session when it has none yet. */
  title?: string;
}

export interface ScheduledTurnResult {
  turnId: string;
  stopReason: StopReason;
  text: string;
  error?: string;
  usage: TokenUsage;
}

export interface TurnRunner {
  run(request: ScheduledTurnRequest): Promise<ScheduledTurnResult>;
  /** With a key: that session has a turn going; without: any session has. */
  isBusy(sessionKey?: string): boolean;
}
