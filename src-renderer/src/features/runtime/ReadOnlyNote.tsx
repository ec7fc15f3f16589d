// Says what tools.my.allowSet = false stops (the agent changing itself, and this panel on its behalf), what stays the user's, and where to change it.
import type { ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';

export function ReadOnlyNote(): ReactElement {
  const { t } = useTranslation();
  const requestView = useAppStore((s) => s.requestView);
  return (
    <div className="readonly-note" role="note" data-testid="runtime-readonly">
      <Icon name="lock" size={15} />
      <div>
        <strong>{t('runtime.overview.readOnlyTitle')}</strong> <Trans i18nKey="runtime.overview.readOnlyBody" components={{ code: <span className="mono" /> }} />
      </div>
      <button type="button" className="btn btn-sm" onClick={() => requestView('settings')}>
        {t('common.app.openSettings')}
      </button>
    </div>
  );
}
