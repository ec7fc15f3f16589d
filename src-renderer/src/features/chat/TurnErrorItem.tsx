// A turn that failed, in the conversation where it happened (also after a reload). The latest one offers its fix:
// Retry answers the same question again (never a second copy of it), Open settings for provider and key problems.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';
import type { ChatItem } from '../../state/types';
import { Dialog } from '../../components/Dialog';
import { LazyProviderSetup } from '../onboarding/LazyProviderSetup';
import { failedForNoModel } from './turn-error-words';

type ErrorItem = Extract<ChatItem, { kind: 'turn-error' }>;

interface Props {
  item: ErrorItem;
  sessionKey: string;
  /** The chat's newest item, with no turn running: its fix is offered. */
  latest: boolean;
  /** Where "Open settings" goes (quick ask opens them in the main window). */
  openSettings?: () => void;
}

export function TurnErrorItem({ item, sessionKey, latest, openSettings }: Props): ReactElement {
  const { t } = useTranslation();
  const regenerate = useAppStore((s) => s.regenerate);
  const requestView = useAppStore((s) => s.requestView);
  const settings = item.fix === 'settings';
  // No model connected at all: the way out is the setup, not a page of settings.
  const noProvider = useAppStore((s) => failedForNoModel(s, item));
  const [setupOpen, setSetupOpen] = useState(false);
  return (
    <div className="msg" data-role="turn-error">
      <div className="turn-error" role="group" aria-label={t('chat.turnError.failed')}>
        <div className="turn-error-title">
          <Icon name="alert" size={15} />
          <span>{settings ? t('chat.turnError.unreachable') : t('chat.turnError.failed')}</span>
        </div>
        {/* with no model connected at all, the core's words (config.json, environment variables) are not the user's */}
        <div className="turn-error-message">{noProvider ? t('chat.failure.noModel') : item.message}</div>
        {settings && !noProvider && <div className="muted">{t('chat.turnError.checkProvider')}</div>}
        {latest && (
          <div className="turn-error-actions">
            {settings && noProvider && !openSettings && (
              <button type="button" className="btn btn-sm btn-primary" onClick={() => setSetupOpen(true)}>
                {t('settings.setup.openSetup')}
              </button>
            )}
            {settings && !(noProvider && !openSettings) && (
              <button type="button" className="btn btn-sm btn-primary" onClick={() => (openSettings ? openSettings() : requestView('settings'))}>
                {t('common.app.openSettings')}
              </button>
            )}
            <button type="button" className="btn btn-sm" onClick={() => void regenerate(sessionKey)}>
              <Icon name="refresh" size={13} /> {t('common.actions.retry')}
            </button>
          </div>
        )}
      </div>
      {setupOpen && (
        <Dialog title={t('settings.setup.title')} onClose={() => setSetupOpen(false)} wide>
          <LazyProviderSetup
            heading={false}
            onDone={() => {
              setSetupOpen(false);
              void regenerate(sessionKey);
            }}
          />
        </Dialog>
      )}
    </div>
  );
}
