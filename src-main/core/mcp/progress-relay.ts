// Turns a running MCP call's progress notifications into `tool.progress` events for its tool card: the server's
// message cleaned (secrets, control characters, length), at most a few events a second.
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { Clock } from '../lib/clock';
import { cleanServerLine } from './server-text';

/** At most one event per this many ms (the last step, progress = total, always goes out). */
export const PROGRESS_EVENT_INTERVAL_MS = 250;
const MAX_MESSAGE_CHARS = 200;

export interface ProgressTarget {
  sessionKey: string;
  turnId: string;
  callId: string;
  emit(event: CoreEvent): void;
}

/** The progress handler for one call. */
export function progressRelay(target: ProgressTarget, clock: Clock): (progress: Progress) => void {
  let lastAt = Number.NEGATIVE_INFINITY;
  return (progress) => {
    const now = clock.now();
    const done = progress.total !== undefined && progress.progress >= progress.total;
    if (!done && now - lastAt < PROGRESS_EVENT_INTERVAL_MS) return;
    lastAt = now;
    const message = typeof progress.message === 'string' ? cleanServerLine(progress.message, MAX_MESSAGE_CHARS) : '';
    target.emit({
      type: 'tool.progress',
      sessionKey: target.sessionKey,
      turnId: target.turnId,
      callId: target.callId,
      progress: progress.progress,
      ...(progress.total !== undefined && Number.isFinite(progress.total) ? { total: progress.total } : {}),
      ...(message ? { message } : {}),
    });
  };
}
