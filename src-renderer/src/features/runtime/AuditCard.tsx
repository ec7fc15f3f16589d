// The audit log: the latest attempts to change runtime values (by the agent or this panel), with outcome.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { dateTime, relativeTime } from '../../lib/format';
import { useAppStore } from '../../state/store';

export function AuditCard(): ReactElement {
  const { t } = useTranslation();
  const entries = useAppStore((s) => s.auditEntries);
  return (
    <section className="card" aria-labelledby="rt-audit">
      <div className="card-head">
        <Icon name="shield" size={16} />
        <h2 id="rt-audit">{t('runtime.audit.title')}</h2>
        <span className="faint">{t('runtime.audit.latest')}</span>
      </div>
      {entries.length === 0 ? (
        <p className="faint">{t('runtime.audit.empty')}</p>
      ) : (
        <table className="table" data-testid="audit-table">
          <caption className="sr-only">{t('runtime.audit.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('runtime.audit.when')}</th>
              <th scope="col">{t('runtime.audit.by')}</th>
              <th scope="col">{t('runtime.audit.key')}</th>
              <th scope="col">{t('runtime.audit.outcome')}</th>
              <th scope="col">{t('runtime.audit.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.slice(0, 20).map((e) => (
              <tr key={e.id}>
                <td className="nowrap" title={dateTime(e.at)}>
                  {relativeTime(e.at)}
                </td>
                <td>{e.source === 'ui' ? t('runtime.audit.byUser') : e.source === 'tool' ? t('runtime.audit.byAgent') : e.source}</td>
                <td className="mono">{e.key}</td>
                <td>
                  <span className={e.outcome === 'accepted' ? 'badge badge-ok' : 'badge badge-warn'}>{e.outcome}</span>
                </td>
                <td className="mono">{e.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
