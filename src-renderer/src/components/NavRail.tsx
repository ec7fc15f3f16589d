// The left rail: one button per view (Ctrl/Cmd+1…4), with a dot on Chat while an approval waits and on Memory
// while a memory change waits for review.
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../state/store';
import type { View } from '@contract/event-schemas';
import { Icon, type IconName } from './Icon';

const ITEMS: { view: View; icon: IconName; key: string }[] = [
  { view: 'chat', icon: 'chat', key: '1' },
  { view: 'memory', icon: 'memory', key: '2' },
  { view: 'runtime', icon: 'runtime', key: '3' },
  { view: 'settings', icon: 'settings', key: '4' },
];

export function NavRail(): ReactElement {
  const { t } = useTranslation();
  const view = useAppStore((s) => s.view);
  const requestView = useAppStore((s) => s.requestView);
  const waiting = useAppStore((s) => Object.keys(s.approvals).length > 0);
  const toReview = useAppStore((s) => s.pendingChanges.length);
  const loadPending = useAppStore((s) => s.loadPendingChanges);
  useEffect(() => {
    void loadPending();
  }, [loadPending]);
  const note = (v: View): string | undefined =>
    v === 'chat' && waiting ? t('common.views.approvalWaiting') : v === 'memory' && toReview > 0 ? t('common.views.changesToReview', { count: toReview }) : undefined;
  return (
    <nav className="rail" aria-label={t('common.views.label')}>
      <div className="rail-logo" aria-hidden="true">
        n
      </div>
      {ITEMS.map((item) => {
        const label = t(`common.views.${item.view}`);
        const itemNote = note(item.view);
        return (
        <button
          key={item.view}
          type="button"
          className={`rail-btn${item.view === 'settings' ? ' rail-bottom' : ''}`}
          aria-current={view === item.view ? 'page' : undefined}
          aria-label={itemNote ? t('common.views.withNote', { view: label, note: itemNote }) : label}
          title={t('common.views.shortcut', { view: label, key: item.key })}
          onClick={() => requestView(item.view)}
        >
          <Icon name={item.icon} size={20} />
          {itemNote && <span className="rail-badge" aria-hidden="true" />}
        </button>
        );
      })}
    </nav>
  );
}
