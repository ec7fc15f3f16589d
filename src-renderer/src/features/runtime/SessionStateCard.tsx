// The session's scratchpad and its subagents, as the policy reports them.
import type { ReactElement } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';
import { isFinished, parseSubagents } from './subagents-text';

export function SessionStateCard(): ReactElement {
  const details = useAppStore(useShallow((s) => s.runtimeDetails));
  const cancel = useAppStore((s) => s.cancelSubagent);
  const rows = parseSubagents(details.subagents);
  return (
    <section className="card" aria-labelledby="rt-session">
      <div className="card-head">
        <Icon name="list" size={16} />
        <h2 id="rt-session">Scratchpad and subagents</h2>
      </div>
      <div className="stack">
        <div>
          <div className="field-label">Scratchpad</div>
          {details.scratchpad && details.scratchpad !== 'scratchpad is empty' ? (
            <pre className="pre">{details.scratchpad}</pre>
          ) : (
            <p className="faint">Empty. The agent keeps notes here for this session (lost on restart).</p>
          )}
        </div>
        <div>
          <div className="field-label">Subagents</div>
          {rows.length === 0 ? (
            <p className="faint">None running.</p>
          ) : (
            <table className="table">
              <caption className="sr-only">Subagents of this chat</caption>
              <thead>
                <tr>
                  <th scope="col">Task</th>
                  <th scope="col">Phase</th>
                  <th scope="col">Iteration</th>
                  <th scope="col">Elapsed</th>
                  <th scope="col">Last tools</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
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
                    <td className="nowrap">{r.elapsedSeconds.toFixed(1)} s</td>
                    <td className="mono">{r.tools}</td>
                    <td>
                      {!isFinished(r) && (
                        <button type="button" className="btn btn-sm btn-danger" onClick={() => void cancel(r.id)} aria-label={`Cancel subagent ${r.label}`}>
                          Cancel
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
