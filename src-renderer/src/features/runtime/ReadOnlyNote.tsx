// Says why runtime values cannot be changed here (tools.my.allowSet is false) and where to change that.
import type { ReactElement } from 'react';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';

export function ReadOnlyNote(): ReactElement {
  const requestView = useAppStore((s) => s.requestView);
  return (
    <div className="readonly-note" role="note" data-testid="runtime-readonly">
      <Icon name="lock" size={15} />
      <div>
        <strong>Read-only.</strong> Runtime changes are turned off (<span className="mono">tools.my.allowSet</span> is false), so neither the agent nor
        this panel may change these values. You can still look.
      </div>
      <button type="button" className="btn btn-sm" onClick={() => requestView('settings')}>
        Open settings
      </button>
    </div>
  );
}
