// The quick-ask popup: one input, the streamed answer in place, Esc hides, "Open in window" continues
// the same session (`quick:default`) in the main window.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { Markdown } from '../../components/Markdown';
import { useAppStore, type AppState } from '../../state/store';
import { LiveAnnouncer } from '../chat/LiveAnnouncer';
import { RetryCountdown } from '../chat/RetryCountdown';
import { ThinkingBlock } from '../chat/ThinkingBlock';
import { WaitingNote } from '../chat/WaitingNote';
import { TurnErrorBanner } from '../chat/TurnErrorBanner';
import { TurnErrorItem } from '../chat/TurnErrorItem';
import { ApprovalDock } from '../chat/ApprovalDock';
import type { ChatItem } from '../../state/types';
import { ElicitationDock } from '../mcp/ElicitationDock';
import { focusWaitingApproval } from '../chat/approval-focus';
import { QUICK_ASK_SESSION } from '@contract/session-keys';

export const QUICK_SESSION = QUICK_ASK_SESSION;

/** The text or the reasoning of the answer to the last question (either may be in a reasoning-only item). */
function lastPart(part: 'text' | 'reasoning') {
  return (s: AppState): string | null => {
    const items = s.threads[QUICK_SESSION]?.items ?? [];
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (item?.kind === 'user') return null;
      if (item?.kind === 'assistant' && item[part]) return item[part] ?? null;
    }
    return null;
  };
}

/** The failure that ended the answer to the last question, if it failed. */
function lastFailure(s: AppState): Extract<ChatItem, { kind: 'turn-error' }> | null {
  const items = s.threads[QUICK_SESSION]?.items ?? [];
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (item?.kind === 'user' || item?.kind === 'assistant') return null;
    if (item?.kind === 'turn-error') return item;
  }
  return null;
}

export function QuickAsk(): ReactElement {
  const { t } = useTranslation();
  const selectSession = useAppStore((s) => s.selectSession);
  const sendMessage = useAppStore((s) => s.sendMessage);
  const stopTurn = useAppStore((s) => s.stopTurn);
  const hide = useAppStore((s) => s.hideQuickAsk);
  const openInWindow = useAppStore((s) => s.openInMainWindow);
  const running = useAppStore((s) => Boolean(s.threads[QUICK_SESSION]?.turnId));
  const streamText = useAppStore((s) => s.threads[QUICK_SESSION]?.streamText ?? '');
  const streamReasoning = useAppStore((s) => s.threads[QUICK_SESSION]?.streamReasoning ?? '');
  const retry = useAppStore((s) => s.threads[QUICK_SESSION]?.retry ?? null);
  const lastAnswer = useAppStore(lastPart('text'));
  const lastReasoning = useAppStore(lastPart('reasoning'));
  const failure = useAppStore(lastFailure);
  const waitingForApproval = useAppStore((s) => Object.values(s.approvals).some((a) => a.sessionKey === QUICK_SESSION));
  const showMain = useAppStore((s) => s.openInMainWindow);
  const lastQuestion = useAppStore((s) => {
    const items = s.threads[QUICK_SESSION]?.items ?? [];
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (item?.kind === 'user') return item.text;
    }
    return null;
  });
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [asked, setAsked] = useState(false);

  const loadPendingElicitations = useAppStore((s) => s.loadPendingElicitations);
  useEffect(() => {
    void selectSession(QUICK_SESSION);
    void loadPendingElicitations();
    inputRef.current?.focus();
    const onFocus = () => inputRef.current?.focus();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [selectSession, loadPendingElicitations]);

  const answer = streamText || (asked ? lastAnswer : null);
  const reasoning = streamReasoning || (asked && !running ? lastReasoning : null);

  const submit = async () => {
    if (!text.trim() || running) return;
    const sent = text;
    setText('');
    setAsked(true);
    const ok = await sendMessage(sent);
    if (!ok) setText(sent);
  };

  return (
    <main
      className="quick"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          // from the input, an approval waiting comes first: Esc goes there to answer it
          if (e.target === inputRef.current && focusWaitingApproval(true)) return;
          if (running) void stopTurn(QUICK_SESSION);
          else void hide();
        }
      }}
    >
      <h1 className="sr-only">{t('chat.quick.title')}</h1>
      <div className="quick-input-row">
        <Icon name="bolt" size={18} />
        <textarea
          ref={inputRef}
          className="quick-input"
          data-composer=""
          rows={1}
          value={text}
          aria-label={t('chat.quick.ask')}
          placeholder={t('chat.quick.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        {running ? (
          <button type="button" className="btn btn-sm" onClick={() => void stopTurn(QUICK_SESSION)}>
            <Icon name="stop" size={12} /> {t('chat.composer.stop')}
          </button>
        ) : (
          <kbd>Enter</kbd>
        )}
      </div>
      {(answer || running || (asked && failure)) && (
        // Focusable, so a long answer scrolls from the keyboard too (it may hold no link or button to reach).
        <div className="quick-answer" aria-busy={running} role="region" aria-label={t('chat.quick.answer')} tabIndex={0}>
          {lastQuestion && <p className="quick-question">{lastQuestion}</p>}
          {reasoning && <ThinkingBlock text={reasoning} streaming={running && !streamText} />}
          {answer ? (
            <Markdown source={answer} />
          ) : retry ? (
            <RetryCountdown retry={retry} />
          ) : reasoning || failure ? null : (
            <WaitingNote text={waitingForApproval ? t('chat.message.waitingApproval') : t('chat.message.thinkingNow')} />
          )}
        </div>
      )}
      <ApprovalDock sessionKey={QUICK_SESSION} focusFromInput />
      {asked && failure && !running && (
        <TurnErrorItem item={failure} sessionKey={QUICK_SESSION} latest openSettings={() => void showMain(QUICK_SESSION, 'settings')} />
      )}
      <ElicitationDock sessionKey={QUICK_SESSION} />
      <div className="quick-error">
        <TurnErrorBanner sessionKey={QUICK_SESSION} />
      </div>
      <div className="quick-foot">
        <span className="faint">
          <kbd>Esc</kbd> {running ? t('chat.quick.stop') : t('chat.quick.hide')}
        </span>
        <span className="spacer" />
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void openInWindow(QUICK_SESSION)}>
          <Icon name="external" size={13} /> {t('chat.quick.openInWindow')}
        </button>
      </div>
      <LiveAnnouncer sessionKey={QUICK_SESSION} />
    </main>
  );
}
