// Read side of chat for the UI: session summaries, history pages with tool events, markdown export.
import { versionChoices, type VersionChoice } from '../../store/message-versions.repo';
import type { Database } from '../../store/db';
import { listMessages, type StoredMessage } from '../../store/messages.repo';
import { storedImage, storedResources } from '../../context/stored-history';
import { listToolEvents } from '../../store/tool-events.repo';
import { getSession, listSessions, sessionIsEmpty, type SessionRow } from '../../store/sessions.repo';
import { organiseFields } from './session-kind';
import { storedTurnEnd } from '../../store/message-tail.repo';
import { usageByTurn } from '../../store/usage.repo';
import { usageWithCost, type Price } from '../../../../src-preload/contract/usage-cost';

type UsageCost = { promptTokens: number; completionTokens: number; totalTokens: number; cost?: number };
import type { ExportWords, HistoryMessage, SessionSummary, ToolEventView } from '../../../../src-preload/contract/schemas';

export function toSummary(row: SessionRow, busy: boolean, empty = false): SessionSummary {
  return {
    key: row.key,
    channel: row.channel,
    title: row.title,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    busy,
    ...(row.meta.modelPreset ? { modelPreset: row.meta.modelPreset } : {}),
    ...(row.meta.model ? { model: { provider: row.meta.model.provider, model: row.meta.model.model } } : {}),
    ...organiseFields(row),
    ...(empty ? { empty: true } : {}),
  };
}

export function summaries(db: Database, isBusy: (key: string) => boolean, options: { limit?: number; channel?: string }): SessionSummary[] {
  return listSessions(db, options).map((row) => toSummary(row, isBusy(row.key), sessionIsEmpty(db, row.key)));
}

/** User attachments are stored as `{ mimeType, data }` in the message meta; the UI gets data: URLs. */
function imagesOf(m: StoredMessage): string[] | undefined {
  const images = m.meta.images;
  if (!Array.isArray(images) || images.length === 0) return undefined;
  const urls = images.flatMap((i: unknown) => {
    if (typeof i === 'string') return [i];
    const image = storedImage(i);
    return image ? [`data:${image.mimeType};base64,${image.data}`] : [];
  });
  return urls.length ? urls : undefined;
}

export function toHistoryMessage(m: StoredMessage): HistoryMessage {
  const images = imagesOf(m);
  const turnEnd = m.role === 'system' ? storedTurnEnd(m.meta) : undefined;
  const resources = m.role === 'user' ? storedResources(m.meta).map(({ server, uri }) => ({ server, uri })) : [];
  return {
    id: m.id,
    turnId: m.turnId,
    role: m.role,
    content: m.content,
    ...(images ? { images } : {}),
    ...(resources.length ? { resources } : {}),
    ...(m.toolCalls.length ? { toolCalls: m.toolCalls } : {}),
    ...(m.toolCallId ? { toolCallId: m.toolCallId } : {}),
    ...(m.name ? { name: m.name } : {}),
    ...(m.usage ? { usage: m.usage } : {}),
    ...(typeof m.meta.reasoning === 'string' && m.meta.reasoning ? { reasoning: m.meta.reasoning } : {}),
    ...(m.meta.partial === true ? { interrupted: true } : {}),
    ...(typeof m.meta.answeredBy === 'string' ? { answeredBy: m.meta.answeredBy } : {}),
    ...(m.role === 'assistant' && typeof m.meta.model === 'string' ? { model: m.meta.model } : {}),
    ...(turnEnd ? { turnEnd } : {}),
    createdAt: m.createdAt,
  };
}

/** Tokens and cost of each turn (every model call summed); turns without usage are left out. */
function turnUsage(db: Database, sessionKey: string, turnIds: string[], prices: Readonly<Record<string, Price>>): Record<string, UsageCost> {
  const out: Record<string, UsageCost> = {};
  for (const [turnId, byModel] of usageByTurn(db, sessionKey, turnIds)) out[turnId] = usageWithCost(byModel, prices);
  return out;
}

/**
 * One page of history (newest `limit` before `beforeId`) plus the tool events and the usage of its turns, and the
 * session's running turn when one runs.
 */
export function historyPage(
  db: Database,
  sessionKey: string,
  limit: number,
  beforeId?: number,
  prices: Readonly<Record<string, Price>> = {},
  runningTurnId?: string,
) {
  const page = listMessages(db, sessionKey, { limit: limit + 1, ...(beforeId !== undefined ? { beforeId } : {}) });
  const hasMore = page.length > limit;
  const messages = (hasMore ? page.slice(1) : page).map(toHistoryMessage);
  const turnIds = new Set(messages.map((m) => m.turnId).filter((t): t is string => Boolean(t)));
  const toolEvents: ToolEventView[] = [];
  for (const turnId of turnIds) {
    for (const e of listToolEvents(db, sessionKey, { turnId })) {
      toolEvents.push({
        id: e.id,
        turnId: e.turnId,
        callId: e.callId,
        name: e.name,
        args: e.args,
        status: e.status,
        result: e.result,
        startedAt: e.startedAt,
        durationMs: e.durationMs,
      });
    }
  }
  toolEvents.sort((a, b) => a.id - b.id);
  return {
    sessionKey,
    messages,
    toolEvents,
    hasMore,
    turnUsage: turnUsage(db, sessionKey, [...turnIds], prices),
    ...(runningTurnId ? { runningTurnId } : {}),
    ...versionsOf(db, sessionKey),
  };
}

function versionsOf(db: Database, sessionKey: string): { versions?: VersionChoice[] } {
  const versions = versionChoices(db, sessionKey);
  return versions.length ? { versions } : {};
}

/** A word from the window on one line: a line break in it would start a heading or a paragraph of its own. */
function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

/** The session as a markdown document (user and assistant turns, tool calls as short notes), in the window's words. */
export function exportMarkdown(db: Database, sessionKey: string, words?: ExportWords): { filename: string; markdown: string } | undefined {
  const session = getSession(db, sessionKey);
  if (!session) return undefined;
  const title = oneLine(words?.title) || session.title || session.key;
  const you = oneLine(words?.you) || 'You';
  const assistant = oneLine(words?.assistant) || 'Nanotray';
  const note = oneLine(words?.note) || `Session \`${session.key}\`, exported ${new Date().toISOString()}.`;
  const lines = [`# ${title}`, '', note, ''];
  for (const m of listMessages(db, sessionKey)) {
    const when = new Date(m.createdAt).toISOString();
    if (m.role === 'user') lines.push(`## ${you} — ${when}`, '', m.content ?? '', '');
    else if (m.role === 'assistant') {
      if (m.content) lines.push(`## ${assistant} — ${when}`, '', m.content, '');
      for (const call of m.toolCalls) lines.push(`> tool \`${call.name}\` ${call.arguments.slice(0, 200)}`, '');
    }
  }
  const base = title.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'session';
  return { filename: `${base}.md`, markdown: lines.join('\n') };
}
