// ‹ 1/2 › on a message that was edited or regenerated: shows the other versions of the chat from there on
// (buttons, or ← → while the switcher has focus); the focus stays on the switcher as the chat reloads.
import type { KeyboardEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { VersionChoice } from '@contract/schemas';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';

/** After the chat reloaded, the same switcher's button (the other one when that end was reached). */
function refocus(parentId: number, index: number, which: 'previous' | 'next'): void {
  let tries = 0;
  const attempt = () => {
    const group = document.querySelector<HTMLElement>(`[data-version-parent="${parentId}"][data-version-index="${index}"]`);
    const wanted = group?.querySelector<HTMLButtonElement>(`button[data-step="${which}"]:not([disabled])`) ?? group?.querySelector<HTMLButtonElement>('button:not([disabled])');
    if (wanted) wanted.focus();
    else if (++tries < 120) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

export function VersionSwitcher({ sessionKey, version, disabled }: { sessionKey: string; version: VersionChoice; disabled: boolean }): ReactElement {
  const { t } = useTranslation();
  const showVersion = useAppStore((s) => s.showVersion);
  const { parentId, index, count } = version;
  const go = async (step: -1 | 1) => {
    const to = index + step;
    if (disabled || to < 1 || to > count) return;
    await showVersion(sessionKey, parentId, to);
    refocus(parentId, to, step < 0 ? 'previous' : 'next');
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    void go(e.key === 'ArrowLeft' ? -1 : 1);
  };
  return (
    <span className="versions" role="group" aria-label={t('chat.versions.label')} data-version-parent={parentId} data-version-index={index} onKeyDown={onKeyDown}>
      <button type="button" className="btn btn-ghost btn-sm btn-icon" data-step="previous" aria-label={t('chat.versions.previous')} disabled={disabled || index <= 1} onClick={() => void go(-1)}>
        <Icon name="chevronLeft" size={13} />
      </button>
      <span className="versions-position" aria-hidden="true">
        {t('chat.versions.position', { index, count })}
      </span>
      <span className="sr-only">{t('chat.versions.positionLong', { index, count })}</span>
      <button type="button" className="btn btn-ghost btn-sm btn-icon" data-step="next" aria-label={t('chat.versions.next')} disabled={disabled || index >= count} onClick={() => void go(1)}>
        <Icon name="chevronRight" size={13} />
      </button>
    </span>
  );
}
