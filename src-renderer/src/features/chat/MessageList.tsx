// The conversation: a virtualised list (smooth at 5,000+ messages) with the streaming answer below it.
// It sticks to the bottom while the user is there, and pages older history in when scrolled to the top.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';
import { MessageRow } from './MessageRow';
import { StreamingRow } from './StreamingRow';
import { isWaitingApproval } from './ApprovalDock';
import { useStickToBottom } from './use-stick-to-bottom';
import type { ChatItem } from '../../state/types';

const LOAD_OLDER_PX = 400;
const LOADER_PX = 40;
const HIGHLIGHT_MS = 2500;
/** Pages of older history to read while looking for a search hit. */
const MAX_PAGES_FOR_HIT = 60;

/** The index of the answer (or failure) that ends the chat, behind notices and tool cards; -1 when a question ends it. */
export function latestAnswerIndex(items: readonly ChatItem[]): number {
  for (let i = items.length - 1; i >= 0; i--) {
    const kind = items[i]!.kind;
    if (kind === 'assistant' || kind === 'turn-error') return i;
    if (kind === 'user') return -1;
  }
  return -1;
}

export function MessageList({ sessionKey }: { sessionKey: string }): ReactElement {
  const { t } = useTranslation();
  const items = useAppStore((s) => s.threads[sessionKey]?.items);
  // approvals still waiting are shown in the dock below the list (see ApprovalDock)
  const list = useMemo(() => (items ?? []).filter((i) => !isWaitingApproval(i)), [items]);
  const latest = useMemo(() => latestAnswerIndex(list), [list]);
  const hasMore = useAppStore((s) => s.threads[sessionKey]?.hasMore ?? false);
  const loading = useAppStore((s) => s.threads[sessionKey]?.loading ?? false);
  // Whether an answer has started streaming, not its text: the list does not re-render on every streamed frame
  // (the streaming row below it does); following its growth is the content's ResizeObserver's (useStickToBottom).
  const streaming = useAppStore((s) => Boolean(s.threads[sessionKey]?.streamText));
  const running = useAppStore((s) => Boolean(s.threads[sessionKey]?.turnId));
  const loadOlder = useAppStore((s) => s.loadOlder);
  const focus = useAppStore((s) => (s.focusMessage?.sessionKey === sessionKey ? s.focusMessage : null));
  const clearFocus = useAppStore((s) => s.clearFocusMessage);
  const [highlight, setHighlight] = useState<string | null>(null);
  const pagesRead = useRef(0);

  const scrollRef = useRef<HTMLDivElement>(null);
  const follow = useStickToBottom(scrollRef, sessionKey, [list.length, streaming, running]);
  const { stuck, release } = follow;
  const prevHeight = useRef<{ first: string | undefined; height: number } | null>(null);

  const virtualizer = useVirtualizer({
    count: list.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 72,
    overscan: 6,
    paddingStart: hasMore ? LOADER_PX : 0,
    getItemKey: (index) => list[index]?.id ?? index,
  });

  // Older messages were prepended: keep the same message under the user's eyes.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const before = prevHeight.current;
    if (el && before && before.first !== list[0]?.id && !stuck.current) {
      el.scrollTop += el.scrollHeight - before.height;
    }
    prevHeight.current = el ? { first: list[0]?.id, height: el.scrollHeight } : null;
  }, [list]);

  // A search hit: page older history in until its message is loaded, then bring it into view.
  useEffect(() => {
    if (!focus) {
      pagesRead.current = 0;
      return;
    }
    const index = list.findIndex((i) => i.id === `m${focus.messageId}`);
    if (index >= 0) {
      release();
      virtualizer.scrollToIndex(index, { align: 'center' });
      setHighlight(list[index]!.id);
      clearFocus();
      const timer = window.setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
      return () => window.clearTimeout(timer);
    }
    if (hasMore && !loading && pagesRead.current < MAX_PAGES_FOR_HIT) {
      pagesRead.current++;
      void loadOlder(sessionKey);
    } else if (!hasMore || pagesRead.current >= MAX_PAGES_FOR_HIT) {
      clearFocus();
    }
    return undefined;
  }, [focus, list, hasMore, loading, loadOlder, sessionKey, clearFocus, virtualizer, release]);

  const onScroll = () => {
    follow.onScroll();
    const el = scrollRef.current;
    if (!el) return;
    prevHeight.current = { first: list[0]?.id, height: el.scrollHeight };
    if (el.scrollTop < LOAD_OLDER_PX && hasMore && !loading) void loadOlder(sessionKey);
  };

  const virtualItems = virtualizer.getVirtualItems();

  return (
    <div className="messages-wrap">
    <div className="messages" ref={scrollRef} onScroll={onScroll} role="log" aria-label={t('chat.conversation.label')} aria-live="off" tabIndex={0}>
      <div>
        <div className="messages-inner" style={{ height: virtualizer.getTotalSize() }}>
          {hasMore && (
            <div className="list-loader" style={{ height: LOADER_PX }}>
              {loading ? t('chat.conversation.loadingOlder') : t('chat.conversation.scrollForOlder')}
            </div>
          )}
          {virtualItems.map((v) => {
            const item = list[v.index];
            if (!item) return null;
            return (
              <div
                key={v.key}
                className="msg-slot"
                data-index={v.index}
                data-highlight={item.id === highlight || undefined}
                ref={virtualizer.measureElement}
                style={{ transform: `translateY(${v.start}px)` }}
              >
                <MessageRow item={item} sessionKey={sessionKey} running={running} latest={v.index === latest} />
              </div>
            );
          })}
        </div>
        <StreamingRow sessionKey={sessionKey} />
        <div style={{ height: 12 }} />
      </div>
    </div>
      {follow.awayFromBottom && (
        <button type="button" className="btn btn-sm jump-latest" onClick={follow.jumpToLatest}>
          <Icon name="chevronDown" size={14} /> {running ? t('chat.conversation.followAnswer') : t('chat.conversation.jumpToLatest')}
        </button>
      )}
    </div>
  );
}
