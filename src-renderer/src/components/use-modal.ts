// While a modal (dialog, search palette) is open, the rest of the window is inert: no focus, no pointer, hidden
// from screen readers. On close it comes back and focus returns to where it was. Modals render into a layer
// outside the app root (see ModalLayer), so making the root inert leaves them reachable.
import { useEffect } from 'react';

let open = 0;

function appRoot(): HTMLElement | null {
  return document.getElementById('root');
}

/** Call in a modal's component; `focusFirst` runs after the background went inert. */
export function useModal(focusFirst: () => void): void {
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = appRoot();
    open++;
    if (root) root.inert = true;
    focusFirst();
    return () => {
      open--;
      if (root && open === 0) root.inert = false;
      previous?.focus();
    };
    // focusFirst is read once, when the modal opens
  }, []);
}
