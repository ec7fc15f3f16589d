// A list on the left and its content on the right (chat, memory). Below 900 px the list becomes a drawer over the
// content, opened by the SidebarToggle in the content's header and closed by Esc, the scrim or a pick.
import { useEffect, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { useAppStore } from '../state/store';

export const SIDEBAR_ID = 'view-sidebar';

interface SplitViewProps {
  sidebar: ReactNode;
  children: ReactNode;
  /** When this changes (the open chat or file), the drawer closes. */
  closeOn: string | null;
}

export function SplitView({ sidebar, children, closeOn }: SplitViewProps): ReactElement {
  const open = useAppStore((s) => s.sidebarOpen);
  const setOpen = useAppStore((s) => s.setSidebarOpen);
  useEffect(() => setOpen(false), [closeOn, setOpen]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation();
    setOpen(false);
    document.querySelector<HTMLElement>('.sidebar-toggle')?.focus();
  };
  return (
    <div className="split" data-sidebar-open={open} onKeyDown={onKeyDown}>
      {sidebar}
      {open && <div className="split-scrim" aria-hidden="true" onClick={() => setOpen(false)} />}
      {children}
    </div>
  );
}
