// The session's scratchpad and its subagents, as the policy reports them.
import type { ReactElement } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';

export function SessionStateCard(): ReactElement {
  const details = useAppStore(useShallow((s) => s.runtimeDetails));
  const noSubagents = !details.subagents || details.subagents === '{}';
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
          {noSubagents ? <p className="faint">None running.</p> : <pre className="pre">{details.subagents}</pre>}
        </div>
      </div>
    </section>
  );
}
