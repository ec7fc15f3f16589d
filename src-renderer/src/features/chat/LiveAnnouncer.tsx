// A screen-reader live region for the streamed answer: announces whole sentences as they complete,
// not every token (re-reading the whole answer each frame would be unusable).
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../state/store';
import { nextAnnouncement } from './announce';
import { turnErrorWords } from './turn-error-words';

export function LiveAnnouncer({ sessionKey }: { sessionKey: string | null }): ReactElement {
  const { t } = useTranslation();
  const text = useAppStore((s) => (sessionKey ? (s.threads[sessionKey]?.streamText ?? '') : ''));
  const running = useAppStore((s) => Boolean(sessionKey && s.threads[sessionKey]?.turnId));
  const waitingTools = useAppStore((s) =>
    Object.values(s.approvals)
      .filter((a) => a.sessionKey === sessionKey)
      .map((a) => a.tool)
      .join(','),
  );
  // Only a failure seen live (its id is this window's own; stored ones are `m<id>`), not one a reload brings back.
  // The words are the ones the screen shows (turn-error-words.ts).
  const failure = useAppStore((s) => {
    const last = sessionKey ? s.threads[sessionKey]?.items.at(-1) : undefined;
    return last?.kind === 'turn-error' && !last.id.startsWith('m') ? `${last.id}\n${turnErrorWords(s, last, t('chat.failure.noModel'))}` : '';
  });
  const announced = useRef(0);
  const [chunks, setChunks] = useState<string[]>([]);

  // An approval request is announced once, when it appears.
  const lastWaiting = useRef('');
  useEffect(() => {
    const before = lastWaiting.current.split(',').filter(Boolean);
    const now = waitingTools.split(',').filter(Boolean);
    lastWaiting.current = waitingTools;
    if (now.length > before.length) {
      const tool = now[now.length - 1] ?? '';
      setChunks((c) => [...c.slice(-20), t('chat.approval.announce', { tool })]);
    }
  }, [waitingTools, t]);

  // A turn that fails is announced once, when its error joins the conversation.
  const lastFailure = useRef('');
  useEffect(() => {
    const changed = failure !== lastFailure.current;
    lastFailure.current = failure;
    if (!changed || !failure) return;
    setChunks((c) => [...c.slice(-20), t('chat.failure.announce', { message: failure.slice(failure.indexOf('\n') + 1) })]);
  }, [failure]);

  useEffect(() => {
    if (text.length < announced.current) announced.current = 0; // a new answer began
    const next = nextAnnouncement(text, announced.current, !running);
    if (next) {
      announced.current = next.end;
      if (next.text) setChunks((c) => [...c.slice(-20), next.text]);
    }
    if (!running && !text) announced.current = 0;
  }, [text, running]);

  return (
    <div className="sr-only" aria-live="polite" aria-atomic="false" data-testid="answer-live-region">
      {chunks.map((c, i) => (
        <span key={i}>{c} </span>
      ))}
    </div>
  );
}
