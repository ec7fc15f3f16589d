// The audit log: the latest attempts to change runtime values (by the agent or this panel), with outcome.
import type { ReactElement } from 'react';
import { Icon } from '../../components/Icon';
import { dateTime, relativeTime } from '../../lib/format';
import { useAppStore } from '../../state/store';

export function AuditCard(): ReactElement {
  const entries = useAppStore((s) => s.auditEntries);
  return (
    <section className="card" aria-labelledby="rt-audit">
      <div className="card-head">
        <Icon name="shield" size={16} />
        <h2 id="rt-audit">Audit log</h2>
        <span className="faint">latest set attempts</span>
      </div>
      {entries.length === 0 ? (
        <p className="faint">No set attempts yet.</p>
      ) : (
        <table className="table" data-testid="audit-table">
          <caption className="sr-only">Audit log</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">By</th>
              <th scope="col">Key</th>
              <th scope="col">Outcome</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {entries.slice(0, 20).map((e) => (
              <tr key={e.id}>
                <td className="nowrap" title={dateTime(e.at)}>
                  {relativeTime(e.at)}
                </td>
                <td>{e.source === 'ui' ? 'you' : e.source === 'tool' ? 'agent' : e.source}</td>
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
