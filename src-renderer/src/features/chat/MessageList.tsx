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
import { useLandOnHit } from './use-land-on-hit';
import type { ChatItem } from '../../state/types';
import type { VersionChoice } from '@contract/schemas';

const LOAD_OLDER_PX = 400;
const LOADER_PX = 40;

/** The index of the answer (or failure) that ends the chat, behind notices and tool cards; -1 when a question ends it. */
export function latestAnswerIndex(items: readonly ChatItem[]): number {
  for (let i = items.length - 1; i >= 0; i--) {
    const kind = items[i]!.kind;
    if (kind === 'assistant' || kind === 'turn-error') return i;
    if (kind === 'user') return -1;
  }
  return -1;
}

/** Where each fork's ‹ index/count › goes: the first message shown of its version (a user message or an answer). */
export function versionsByItem(items: readonly ChatItem[], versions: readonly VersionChoice[]): Map<string, VersionChoice> {
  const placed = new Map<string, VersionChoice>();
  for (const version of versions) {
    if (version.firstId === undefined) continue;
    const item = items.find((i) => (i.kind === 'user' || (i.kind === 'assistant' && i.text)) && /^m\d+$/.test(i.id) && Number(i.id.slice(1)) >= version.firstId!);
    if (item && !placed.has(item.id)) placed.set(item.id, version);
  }
  return placed;
}

export function MessageList({ sessionKey }: { sessionKey: string }): ReactElement {
  const { t } = useTranslation();
  const items = useAppStore((s) => s.threads[sessionKey]?.items);
  // approvals still waiting are shown in the dock below the list (see ApprovalDock)
  const list = useMemo(() => (items ?? []).filter((i) => !isWaitingApproval(i)), [items]);
  const latest = useMemo(() => latestAnswerIndex(list), [list]);
  const versionList = useAppStore((s) => s.threads[sessionKey]?.versions);
  const versions = useMemo(() => versionsByItem(list, versionList ?? []), [list, versionList]);
  const hasMore = useAppStore((s) => s.threads[sessionKey]?.hasMore ?? false);
  const loading = useAppStore((s) => s.threads[sessionKey]?.loading ?? false);
  // Whether an answer has started streaming, not its text: the list does not re-render on every streamed frame
  // (the streaming row below it does); following its growth is the content's ResizeObserver's (useStickToBottom).
  const streaming = useAppStore((s) => Boolean(s.threads[sessionKey]?.streamText));
  const running = useAppStore((s) => Boolean(s.threads[sessionKey]?.turnId));
  const loadOlder = useAppStore((s) => s.loadOlder);
  const focus = useAppStore((s) => (s.focusMessage?.sessionKey === sessionKey ? s.focusMessage : null));
  const clearFocus = useAppStore((s) => s.clearFocusMessage);
  const [landed, setLanded] = useState('');

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

  const revealed = useLandOnHit({
    focus,
    list,
    hasMore,
    loading,
    loadOlder: () => void loadOlder(sessionKey),
    clearFocus,
    virtualizer,
    scrollRef,
    release,
    announce: (match) => setLanded(match ? t('chat.conversation.hitShown', { match }) : t('chat.conversation.hitShownNoWords')),
  });

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
                data-highlight={item.id === revealed || undefined}
                tabIndex={item.id === revealed ? -1 : undefined}
                ref={virtualizer.measureElement}
                style={{ transform: `translateY(${v.start}px)` }}
              >
                <MessageRow item={item} sessionKey={sessionKey} running={running} latest={v.index === latest} revealed={item.id === revealed} version={versions.get(item.id)} />
              </div>
            );
          })}
        </div>
        <StreamingRow sessionKey={sessionKey} />
        <div style={{ height: 12 }} />
      </div>
    </div>
      <div className="sr-only" role="status" data-testid="search-landing">
        {landed}
      </div>
      {follow.awayFromBottom && (
        <button type="button" className="btn btn-sm jump-latest" onClick={follow.jumpToLatest}>
          <Icon name="chevronDown" size={14} /> {running ? t('chat.conversation.followAnswer') : t('chat.conversation.jumpToLatest')}
        </button>
      )}
    </div>
  );
}
