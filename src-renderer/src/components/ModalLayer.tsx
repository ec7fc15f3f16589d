// Renders a modal outside the app root (into <body>), so the root can be made inert while the modal is open.
import type { ReactElement, ReactNode } from 'react';
import { createPortal } from 'react-dom';

export function ModalLayer({ children }: { children: ReactNode }): ReactElement {
  return createPortal(children, document.body);
}
