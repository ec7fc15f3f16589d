// The read-only viewer of a workspace text file opened from a tool card: its path, size and text, Esc closes.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { useAppStore } from '../../state/store';
import { currentLocale } from '../../i18n/i18n';

export function FileViewerDialog(): ReactElement | null {
  const { t } = useTranslation();
  const file = useAppStore((s) => s.viewedFile);
  const close = useAppStore((s) => s.closeFileViewer);
  if (!file) return null;
  return (
    <Dialog title={t('chat.openFile.viewerTitle', { path: file.path })} onClose={close} wide describedBy="file-viewer-note">
      <p id="file-viewer-note" className="faint">
        {t('chat.openFile.readOnly', { size: file.size.toLocaleString(currentLocale()) })}
      </p>
      <pre className="pre file-viewer-text" tabIndex={0} aria-label={file.path}>
        {file.content || t('chat.tool.empty')}
      </pre>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={close} data-autofocus>
          {t('common.actions.close')}
        </button>
      </div>
    </Dialog>
  );
}
