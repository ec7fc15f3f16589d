// A tool call as a compact card, collapsed by default: tool, argument preview, status, duration, progress while it
// runs; details on demand.
import { memo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { duration } from '../../lib/format';
import type { ChatItem } from '../../state/types';
import { revealInvisible } from '@contract/visible-text';
import { currentLocale } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import { toolItemId } from '../../state/item-ids';

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

const RESULT_PREVIEW_CHARS = 6000;

/** Pretty JSON when the text is JSON, else the text itself; invisible characters shown (what the card shows is what runs). */
export function prettyArgs(text: string): string {
  try {
    return revealInvisible(JSON.stringify(JSON.parse(text), null, 2));
  } catch {
    return revealInvisible(text);
  }
}

function oneLine(text: string): string {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.entries(value)
        .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join('  ·  ');
    }
  } catch {
    /* not JSON: show raw */
  }
  return text;
}

/** Tools whose successful call leaves a file worth opening. */
const WRITES_FILE = new Set(['write_file', 'edit_file']);

/** The file a finished write_file / edit_file call wrote, as the tool was given it; else undefined. */
function writtenPath(item: ToolItem): string | undefined {
  if (item.status !== 'ok' || !WRITES_FILE.has(item.name)) return undefined;
  try {
    const args: unknown = JSON.parse(item.args);
    const path = args && typeof args === 'object' ? (args as { path?: unknown }).path : undefined;
    return typeof path === 'string' && path.trim() ? path : undefined;
  } catch {
    return undefined;
  }
}

const STATUS_BADGE = {
  running: { cls: 'badge badge-accent', label: 'chat.tool.running' },
  ok: { cls: 'badge badge-ok', label: 'chat.tool.done' },
  error: { cls: 'badge badge-danger', label: 'chat.tool.error' },
  denied: { cls: 'badge badge-warn', label: 'chat.tool.denied' },
  interrupted: { cls: 'badge', label: 'chat.tool.interrupted' },
} as const satisfies Record<ToolItem['status'], { cls: string; label: string }>;

/** The heading above what a finished call returned. */
const RESULT_TITLE = {
  ok: 'chat.tool.result',
  error: 'chat.tool.errorTitle',
  denied: 'chat.tool.deniedTitle',
  interrupted: 'chat.tool.interruptedTitle',
} as const satisfies Record<Exclude<ToolItem['status'], 'running'>, string>;

/** The running tool's progress: a bar when the total is known, else the count; the server's message beside it. */
function ToolProgress({ progress }: { progress: NonNullable<ToolItem['progress']> }): ReactElement {
  const { t } = useTranslation();
  const { total, message } = progress;
  const known = total !== undefined && total > 0;
  const percent = known ? Math.max(0, Math.min(100, Math.round((progress.progress / total) * 100))) : undefined;
  const label = known ? `${percent}%` : `${progress.progress}`;
  return (
    <div className="tool-progress">
      <div
        className="tool-progress-bar"
        role="progressbar"
        aria-label={t('chat.tool.progress')}
        aria-valuemin={0}
        aria-valuemax={known ? 100 : undefined}
        aria-valuenow={percent}
        aria-valuetext={message ? `${label}: ${message}` : label}
        data-indeterminate={known ? undefined : 'true'}
      >
        <span style={known ? { width: `${percent}%` } : undefined} />
      </div>
      <span className="faint nowrap">{known ? `${progress.progress} / ${total}` : label}</span>
      {message && <span className="tool-progress-message">{message}</span>}
    </div>
  );
}

export const ToolCallCard = memo(function ToolCallCard({ item }: { item: ToolItem }): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [full, setFull] = useState(false);
  const badge = STATUS_BADGE[item.status];
  // A running call may be waiting for the user: its approval card (after it in the chat) is the question.
  const awaiting = useAppStore((s) => item.status === 'running' && Object.values(s.approvals).some((a) => a.callId !== undefined && toolItemId(a.turnId, a.callId) === item.id));
  const result = item.result ?? '';
  const shown = full || result.length <= RESULT_PREVIEW_CHARS ? result : `${result.slice(0, RESULT_PREVIEW_CHARS)}…`;
  const bodyId = `tool-body-${item.id}`;
  const filePath = writtenPath(item);
  const openFile = useAppStore((s) => s.openWorkspaceFile);
  return (
    <div className="tool-card" data-status={item.status}>
      <button type="button" className="tool-head" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
        <Icon name="tool" size={14} />
        <span className="tool-name">{item.name}</span>
        <span className="tool-args-preview">{revealInvisible(oneLine(item.args))}</span>
        {awaiting ? (
          <span className="badge badge-warn">{t('chat.tool.awaitingApproval')}</span>
        ) : item.status === 'running' ? (
          <span className="spinner" role="img" aria-label={t('chat.tool.running')} />
        ) : (
          <span className={badge.cls}>{t(badge.label)}</span>
        )}
        {item.durationMs !== undefined && <span className="faint nowrap">{duration(item.durationMs)}</span>}
      </button>
      {item.status === 'running' && item.progress && <ToolProgress progress={item.progress} />}
      {filePath !== undefined && (
        <button type="button" className="btn btn-sm tool-open" aria-label={t('chat.openFile.openLabel', { path: filePath })} onClick={() => void openFile(filePath)}>
          <Icon name="file" size={14} />
          {t('chat.openFile.open')}
        </button>
      )}
      {open && (
        <div className="tool-body" id={bodyId}>
          <div className="tool-section-label">{t('chat.tool.arguments')}</div>
          <pre className="pre">{prettyArgs(item.args)}</pre>
          {item.status !== 'running' && (
            <>
              <div className="tool-section-label">{t(RESULT_TITLE[item.status])}</div>
              <pre className={item.status === 'ok' || item.status === 'interrupted' ? 'pre' : 'pre pre-error'}>
                {shown || t(item.status === 'interrupted' ? 'chat.tool.interruptedNote' : 'chat.tool.empty')}
              </pre>
              {!full && result.length > RESULT_PREVIEW_CHARS && (
                <button type="button" className="btn btn-sm" onClick={() => setFull(true)}>
                  {t('chat.tool.showAll', { n: result.length.toLocaleString(currentLocale()) })}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
});
