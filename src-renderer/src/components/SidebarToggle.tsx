// The button that opens the list drawer of a split view in a narrow window (hidden from 900 px on, where the
// list is always shown).
import type { ReactElement } from 'react';
import { useAppStore } from '../state/store';
import { Icon } from './Icon';
import { SIDEBAR_ID } from './SplitView';

export function SidebarToggle({ label }: { label: string }): ReactElement {
  const open = useAppStore((s) => s.sidebarOpen);
  const setOpen = useAppStore((s) => s.setSidebarOpen);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-icon btn-sm sidebar-toggle"
      aria-label={label}
      aria-expanded={open}
      aria-controls={SIDEBAR_ID}
      onClick={() => {
        setOpen(!open);
        if (!open) window.requestAnimationFrame(() => document.getElementById(SIDEBAR_ID)?.querySelector<HTMLElement>('button, input')?.focus());
      }}
    >
      <Icon name="list" size={16} />
    </button>
  );
}
