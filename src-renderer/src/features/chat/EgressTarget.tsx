// What a network approval is about: the host an "always" rule would allow (with a lookalike warning for
// internationalised names) and the full URL, wrapped so nothing of it hides past the edge.
import type { ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ApprovalRequest } from '@contract/schemas';

export function EgressTarget({ egress }: { egress: NonNullable<ApprovalRequest['egress']> }): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="egress-target">
      <div>
        <Trans i18nKey="chat.approval.host" values={{ host: egress.host }} components={{ host: <span className="mono egress-host" /> }} />
      </div>
      {egress.unicodeHost && (
        <div className="egress-lookalike" role="note">
          <Trans i18nKey="chat.approval.lookalike" values={{ name: egress.unicodeHost }} components={{ name: <span className="mono" /> }} />
        </div>
      )}
      <div className="faint">{t('chat.approval.fullUrlNote')}</div>
      <pre className="pre egress-url" aria-label={t('chat.approval.fullUrl')}>
        {egress.url}
      </pre>
    </div>
  );
}
