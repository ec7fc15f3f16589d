// The session's scratchpad and its subagents, as the policy reports them.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';
import { isFinished, parseSubagents } from './subagents-text';

export function SessionStateCard(): ReactElement {
  const { t } = useTranslation();
  const details = useAppStore(useShallow((s) => s.runtimeDetails));
  const cancel = useAppStore((s) => s.cancelSubagent);
  const rows = parseSubagents(details.subagents);
  return (
    <section className="card" aria-labelledby="rt-session">
      <div className="card-head">
        <Icon name="list" size={16} />
        <h2 id="rt-session">{t('runtime.session.title')}</h2>
      </div>
      <div className="stack">
        <div>
          <div className="field-label">{t('runtime.session.scratchpad')}</div>
          {details.scratchpad && details.scratchpad !== 'scratchpad is empty' ? (
            <pre className="pre">{details.scratchpad}</pre>
          ) : (
            <p className="faint">{t('runtime.session.scratchpadEmpty')}</p>
          )}
        </div>
        <div>
          <div className="field-label">{t('runtime.session.subagents')}</div>
          {rows.length === 0 ? (
            <p className="faint">{t('runtime.session.none')}</p>
          ) : (
            <table className="table">
              <caption className="sr-only">{t('runtime.session.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('runtime.session.task')}</th>
                  <th scope="col">{t('runtime.session.phase')}</th>
                  <th scope="col">{t('runtime.session.iteration')}</th>
                  <th scope="col">{t('runtime.session.elapsed')}</th>
                  <th scope="col">{t('runtime.session.lastTools')}</th>
                  <th scope="col">
                    <span className="sr-only">{t('runtime.session.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <strong>{r.label}</strong> <span className="faint mono">{r.id}</span>
                      {r.error && <div className="field-error">{r.error}</div>}
                    </td>
                    <td>
                      <span className={isFinished(r) ? 'badge' : 'badge badge-accent'}>{r.stopReason ?? r.phase}</span>
                    </td>
                    <td>{r.iteration}</td>
                    <td className="nowrap">{t('common.time.seconds', { value: r.elapsedSeconds.toFixed(1) })}</td>
                    <td className="mono">{r.tools}</td>
                    <td>
                      {!isFinished(r) && (
                        <button type="button" className="btn btn-sm btn-danger" onClick={() => void cancel(r.id)} aria-label={t('runtime.session.cancelSubagent', { label: r.label })}>
                          {t('runtime.session.cancel')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </section>
  );
}
