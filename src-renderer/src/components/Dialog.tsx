// A modal dialog: the window behind is inert, focus moves in and is trapped, Esc closes, focus returns to where it
// came from.
import { useRef, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalLayer } from './ModalLayer';
import { useModal } from './use-modal';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /** Id of the element that describes the dialog. */
  describedBy?: string;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function Dialog({ title, onClose, children, wide, describedBy }: DialogProps): ReactElement {
  const ref = useRef<HTMLDivElement>(null);

  useModal(() => {
    const root = ref.current;
    const first = root?.querySelector<HTMLElement>('[data-autofocus]') ?? root?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
  });

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <ModalLayer>
    <div className="scrim" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={wide ? 'dialog dialog-wide' : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        aria-describedby={describedBy}
        onKeyDown={onKeyDown}
      >
        <h2>{title}</h2>
        {children}
      </div>
    </div>
    </ModalLayer>
  );
}

interface ConfirmProps {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** A third choice (e.g. "Save" next to "Discard"). */
  extra?: { label: string; onClick: () => void };
}

export function ConfirmDialog({ title, body, confirmLabel, danger, onConfirm, onCancel, extra }: ConfirmProps): ReactElement {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={onCancel} describedBy="confirm-body">
      <div id="confirm-body" className="muted">
        {body}
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onCancel} data-autofocus="">
          {t('common.actions.cancel')}
        </button>
        {extra && (
          <button type="button" className="btn" onClick={extra.onClick}>
            {extra.label}
          </button>
        )}
        <button type="button" className={danger ? 'btn btn-danger-solid' : 'btn btn-primary'} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
