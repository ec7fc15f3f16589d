// Converts stored history (messages + tool events) into the chat items the message list shows.
import type { HistoryMessage, ToolEventView } from '@contract/schemas';
import type { ChatItem, UsageCost } from './types';
import { assertNever } from '../lib/assert-never';
import { fixForTurnError } from './error-fixes';
import { stopNotice } from './thread-updates';
import { toolItemId } from './item-ids';

/** How a stored turn end shows: the failure with its fix, or the stop notice. */
function turnEndItem(m: HistoryMessage, id: string): ChatItem | undefined {
  const end = m.turnEnd;
  if (!end) return undefined;
  if (end.stopReason === 'error') {
    return { kind: 'turn-error', id, message: m.content ?? '', fix: fixForTurnError(end.errorKind), at: m.createdAt, turnId: m.turnId };
  }
  return { kind: 'notice', id, text: stopNotice(end.stopReason), tone: 'stopped', at: m.createdAt };
}

type ToolStatus = Extract<ChatItem, { kind: 'tool' }>['status'];

/**
 * How a stored call shows. Every call that ran has its event (ok, error, denied). A result without one is a call the
 * turn skipped when it was stopped; no result at all is a call still going (or waiting for an approval) in the
 * running turn, or else one that Nanotray stopped under (it quit or crashed mid-call).
 */
function storedToolStatus(event: ToolEventView | undefined, result: string | undefined, running: boolean): ToolStatus {
  if (event) return event.status;
  if (result === undefined && running) return 'running';
  return 'interrupted';
}

/**
 * Messages in id order → user/assistant/tool/notice items; tool messages fold into their call's card.
 * `runningTurnId`: the turn running now (its unfinished calls show as running, not as interrupted).
 */
export function historyToItems(
  messages: readonly HistoryMessage[],
  toolEvents: readonly ToolEventView[],
  turnUsage: Readonly<Record<string, UsageCost>> = {},
  runningTurnId?: string,
): ChatItem[] {
  const eventsByCall = new Map(toolEvents.map((e) => [toolItemId(e.turnId, e.callId), e]));
  const toolResults = new Map<string, string>();
  for (const m of messages) {
    if (m.role === 'tool' && m.toolCallId) toolResults.set(toolItemId(m.turnId, m.toolCallId), m.content ?? '');
  }
  const items: ChatItem[] = [];
  for (const m of messages) {
    const id = `m${m.id}`;
    switch (m.role) {
      case 'user':
        items.push({ kind: 'user', id, text: m.content ?? '', images: m.images, ...(m.resources ? { resources: m.resources } : {}), at: m.createdAt, turnId: m.turnId });
        break;
      case 'assistant': {
        const text = m.content && m.content.trim() ? m.content : '';
        if (text || m.reasoning) {
          items.push({
            kind: 'assistant',
            id,
            text,
            at: m.createdAt,
            turnId: m.turnId,
            ...(m.reasoning ? { reasoning: m.reasoning } : {}),
            ...(m.interrupted ? { interrupted: true } : {}),
            ...(m.answeredBy ? { answeredBy: m.answeredBy } : {}),
            ...(m.model ? { model: m.model } : {}),
          });
        }
        for (const call of m.toolCalls ?? []) {
          const key = toolItemId(m.turnId, call.id);
          const event = eventsByCall.get(key);
          const result = event?.result ?? toolResults.get(key);
          items.push({
            kind: 'tool',
            id: key,
            turnId: m.turnId ?? '',
            name: call.name,
            args: event?.args ?? call.arguments,
            status: storedToolStatus(event, result, m.turnId !== null && m.turnId === runningTurnId),
            result,
            durationMs: event?.durationMs,
            startedAt: event?.startedAt ?? m.createdAt,
          });
        }
        break;
      }
      case 'system': {
        const end = turnEndItem(m, id);
        if (end) items.push(end);
        else if (m.content) items.push({ kind: 'notice', id, text: m.content, tone: 'info', at: m.createdAt });
        break;
      }
      case 'tool':
        break;
      default:
        assertNever(m.role);
    }
  }
  return withTurnUsage(items, turnUsage);
}

/** Puts each turn's usage on its last answer (where the window shows it). */
export function withTurnUsage(items: ChatItem[], turnUsage: Readonly<Record<string, UsageCost>>): ChatItem[] {
  const done = new Set<string>();
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.kind !== 'assistant' || !item.turnId || !item.text || done.has(item.turnId)) continue;
    done.add(item.turnId);
    const usage = turnUsage[item.turnId];
    if (usage) items[i] = { ...item, usage };
  }
  return items;
}

/**
 * Stored history + what this window saw live before the history arrived. History is the truth for
 * everything finished; live items survive only when they belong to the turn still running and are not
 * stored yet (a tool card mid-run, the user's message being sent), plus approvals still waiting; a call stored as
 * running takes the result this window saw arrive.
 */
export function mergeLive(history: readonly ChatItem[], live: readonly ChatItem[], runningTurnId: string | null): ChatItem[] {
  const ids = new Set(history.map((i) => i.id));
  const texts = new Set(history.filter((i) => i.kind === 'user' || i.kind === 'assistant').map((i) => `${i.kind}:${(i as { text: string }).text.trim()}`));
  // A call the history read as still running may have finished in this window since (its result came live).
  const finishedLive = new Map(live.filter((i) => i.kind === 'tool' && i.status !== 'running').map((i) => [i.id, i]));
  const current = history.map((i) => (i.kind === 'tool' && i.status === 'running' ? (finishedLive.get(i.id) ?? i) : i));
  const kept = live.filter((i) => {
    if (ids.has(i.id)) return false;
    if (i.kind === 'approval') return i.decision === 'pending';
    if (!runningTurnId) return false;
    if (i.kind === 'user') return !texts.has(`user:${i.text.trim()}`);
    if (i.kind === 'assistant') return i.turnId === runningTurnId && !texts.has(`assistant:${i.text.trim()}`);
    if (i.kind === 'tool') return i.turnId === runningTurnId;
    return false;
  });
  return [...current, ...kept];
}
