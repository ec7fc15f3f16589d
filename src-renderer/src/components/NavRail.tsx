// The left rail: one button per view (Ctrl/Cmd+1…4), with a dot on Chat while an approval waits and on Memory
// while a memory change waits for review.
import { useEffect, type ReactElement } from 'react';
import { useAppStore } from '../state/store';
import type { View } from '../state/types';
import { Icon, type IconName } from './Icon';

const ITEMS: { view: View; label: string; icon: IconName; key: string }[] = [
  { view: 'chat', label: 'Chat', icon: 'chat', key: '1' },
  { view: 'memory', label: 'Memory', icon: 'memory', key: '2' },
  { view: 'runtime', label: 'Runtime', icon: 'runtime', key: '3' },
  { view: 'settings', label: 'Settings', icon: 'settings', key: '4' },
];

export function NavRail(): ReactElement {
  const view = useAppStore((s) => s.view);
  const requestView = useAppStore((s) => s.requestView);
  const waiting = useAppStore((s) => Object.keys(s.approvals).length > 0);
  const toReview = useAppStore((s) => s.pendingChanges.length);
  const loadPending = useAppStore((s) => s.loadPendingChanges);
  useEffect(() => {
    void loadPending();
  }, [loadPending]);
  const note = (v: View): string | undefined =>
    v === 'chat' && waiting ? 'approval waiting' : v === 'memory' && toReview > 0 ? `${toReview} ${toReview === 1 ? 'change' : 'changes'} to review` : undefined;
  return (
    <nav className="rail" aria-label="Views">
      <div className="rail-logo" aria-hidden="true">
        n
      </div>
      {ITEMS.map((item) => (
        <button
          key={item.view}
          type="button"
          className={`rail-btn${item.view === 'settings' ? ' rail-bottom' : ''}`}
          aria-current={view === item.view ? 'page' : undefined}
          aria-label={note(item.view) ? `${item.label} (${note(item.view)})` : item.label}
          title={`${item.label} (Ctrl+${item.key})`}
          onClick={() => requestView(item.view)}
        >
          <Icon name={item.icon} size={20} />
          {note(item.view) && <span className="rail-badge" aria-hidden="true" />}
        </button>
      ))}
    </nav>
  );
}
