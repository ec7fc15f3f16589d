// What a turn that did not simply complete leaves in its session: a system row (never sent to the model) saying
// it failed, was stopped or hit the step limit, so the window shows it again after a reload.
import type { StopReason } from '../../../src-preload/contract/event-schemas';
import type { NewMessage } from '../store/messages.repo';
import type { TurnEnd } from '../store/message-tail.repo';
import type { TurnError } from './turn-error';

/** The words stored for a stop (the windows show their own, chosen from `stopReason`). */
export const STOPPED_TEXT = 'Stopped.';
export const MAX_ITERATIONS_TEXT = 'Stopped after the maximum number of steps (max_iterations).';

/**
 * The row to store when a turn ends with `stopReason`, or undefined for a completed turn. `error` is the
 * turn's error (its message is stored as the row's text, after `clean`: the store never sees a secret).
 */
export function turnEndRecord(
  stopReason: StopReason,
  error: TurnError | undefined,
  clean: (text: string) => string,
): Omit<NewMessage, 'sessionKey' | 'turnId' | 'createdAt'> | undefined {
  if (stopReason === 'completed') return undefined;
  const turnEnd: TurnEnd = { stopReason, ...(stopReason === 'error' && error ? { errorKind: error.kind } : {}) };
  const text = stopReason === 'error' ? clean(error?.message ?? 'The turn failed.') : stopReason === 'cancelled' ? STOPPED_TEXT : MAX_ITERATIONS_TEXT;
  return { role: 'system', content: text, meta: { turnEnd } };
}
