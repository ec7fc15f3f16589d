// Pure thread transitions the chat slice applies: the streamed text becoming a message, and a turn's end
// (stop notices, settling cards that would otherwise look unfinished, the failure with its fix).
import { t as translate } from '../i18n/i18n';
import type { CoreEvent } from '@contract/schemas';
import { fixForTurnError } from './error-fixes';
import type { ChatItem, Thread } from './types';
import { toolItemId } from './item-ids';

type TurnFinished = Extract<CoreEvent, { type: 'turn.finished' }>;

/** Makes ids for items that exist only in this window until history is reloaded. */
export type IdMaker = (prefix: string) => string;

/**
 * Turns the streamed text and reasoning so far (or the final text when nothing streamed) into an assistant item;
 * reasoning alone (before tool calls) is an item too, so its Thinking block stays in the conversation.
 */
export function commitStream(t: Thread, newId: IdMaker, at: number, finalText?: string, interrupted = false): Thread {
  const text = t.streamText.trim() ? t.streamText : (finalText ?? '');
  const reasoning = t.streamReasoning.trim() ? t.streamReasoning : undefined;
  const cleared = { ...t, streamText: '', streamReasoning: '' };
  if (!text.trim() && !reasoning) return cleared;
  const item: ChatItem = {
    kind: 'assistant',
    id: newId('a'),
    text: text.trim() ? text : '',
    at,
    turnId: t.turnId,
    ...(reasoning ? { reasoning } : {}),
    ...(interrupted && text.trim() ? { interrupted: true } : {}),
    ...(t.turnModel ? { model: t.turnModel } : {}),
    ...(t.turnModel && t.turnFallback ? { answeredBy: t.turnModel } : {}),
  };
  return { ...cleared, items: [...t.items, item] };
}

/** The notice for a turn the user stopped, or one cut at the step limit. */
export function stopNotice(stopReason: 'cancelled' | 'max_iterations'): string {
  return stopReason === 'cancelled' ? translate('chat.message.stopped') : translate('chat.message.maxIterations');
}

/** The thread after `turn.finished`. */
export function finishTurn(t: Thread, event: TurnFinished, newId: IdMaker, at: number): Thread {
  // Text that streamed before an error or a Stop is all there is of that answer.
  const committed = commitStream(t, newId, at, event.text, event.stopReason === 'error' || event.stopReason === 'cancelled');
  const extra: ChatItem[] = [];
  // A turn the user stopped may still end as "completed" when the model had just finished.
  if (event.stopReason === 'cancelled' || (t.stopRequested && event.stopReason !== 'error')) {
    extra.push({ kind: 'notice', id: newId('n'), text: stopNotice('cancelled'), tone: 'stopped', at });
  } else if (event.stopReason === 'max_iterations') {
    extra.push({ kind: 'notice', id: newId('n'), text: stopNotice('max_iterations'), tone: 'stopped', at });
  } else if (event.stopReason === 'error') {
    const message = event.error ?? translate('chat.message.turnFailed');
    extra.push({ kind: 'turn-error', id: newId('e'), message, fix: fixForTurnError(event.errorKind), at, turnId: event.turnId });
  }
  // Nothing of a finished turn may look like it is still going.
  const settled = committed.items.map((i): ChatItem => {
    if (i.kind === 'tool' && i.status === 'running' && i.turnId === event.turnId) {
      return { ...i, status: 'interrupted', result: i.result ?? translate('chat.message.didNotFinish') };
    }
    if (i.kind === 'approval' && i.decision === 'pending' && i.request.turnId === event.turnId) return { ...i, decision: event.stopReason === 'cancelled' ? 'stopped' : 'expired' };
    return i;
  });
  return {
    ...committed,
    items: extra.length ? [...settled, ...extra] : settled,
    turnId: null,
    retry: null,
    summarising: null,
    stopRequested: false,
  };
}

/** A running tool card takes the tool's latest progress (finished cards keep their result). */
export function applyToolProgress(t: Thread, event: Extract<CoreEvent, { type: 'tool.progress' }>): Thread {
  const id = toolItemId(event.turnId, event.callId);
  if (!t.items.some((i) => i.kind === 'tool' && i.id === id && i.status === 'running')) return t;
  const progress = { progress: event.progress, ...(event.total !== undefined ? { total: event.total } : {}), ...(event.message ? { message: event.message } : {}) };
  return { ...t, items: t.items.map((i) => (i.kind === 'tool' && i.id === id ? { ...i, progress } : i)) };
}
