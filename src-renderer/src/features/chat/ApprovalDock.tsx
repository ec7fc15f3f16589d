// Approvals still waiting, docked between the conversation and the composer: outside the scrolling, virtualised
// list, so a card never moves under the pointer while rows above it are measured or the list follows new output
// (a click meant for Deny cannot land elsewhere). Once answered, the card joins the conversation at its place.
import { memo, useEffect, useRef, type ReactElement } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../state/store';
import type { ChatItem } from '../../state/types';
import { ApprovalCard } from './ApprovalCard';
import { userIsTyping } from './approval-focus';

export type PendingApprovalItem = Extract<ChatItem, { kind: 'approval' }>;

/** True for an approval card that waits for an answer (it is shown in the dock, not in the list). */
export function isWaitingApproval(item: ChatItem): item is PendingApprovalItem {
  return item.kind === 'approval' && item.decision === 'pending';
}

interface DockProps {
  sessionKey: string;
  /** Quick ask: a new request's "Allow once" takes the focus (in the chat, the card itself does). */
  focusFromInput?: boolean;
}

export const ApprovalDock = memo(function ApprovalDock({ sessionKey, focusFromInput = false }: DockProps): ReactElement | null {
  const waiting = useAppStore(useShallow((s) => (s.threads[sessionKey]?.items ?? []).filter(isWaitingApproval)));
  const dock = useRef<HTMLDivElement>(null);
  const newest = waiting[waiting.length - 1]?.id;
  // A new request takes the focus unless the user is typing (then Esc in the composer, shown on the card, comes here)
  // or already answering another card.
  useEffect(() => {
    if (!newest || userIsTyping() || document.activeElement?.closest('.approval-card')) return;
    const card = dock.current?.querySelector<HTMLElement>(`[data-approval-item="${newest}"] .approval-card`);
    if (focusFromInput) (card?.querySelector<HTMLButtonElement>('.approval-actions .btn-primary') ?? card)?.focus();
    else card?.focus();
  }, [newest, focusFromInput]);
  if (waiting.length === 0) return null;
  return (
    <div className="approval-dock" ref={dock}>
      {waiting.map((item) => (
        <div className="msg" data-role="approval" data-approval-item={item.id} key={item.id}>
          <ApprovalCard item={item} focusAllow={focusFromInput} />
        </div>
      ))}
    </div>
  );
});
