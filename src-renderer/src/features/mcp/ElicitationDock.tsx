// The requests for input of one session, docked with the approvals between the conversation and the composer (and
// in quick ask): outside the scrolling list, so a form never moves while it is filled in. A new one takes the focus
// only when nothing else has it.
import { memo, useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../state/store';
import { ElicitationCard } from './ElicitationCard';

export const ElicitationDock = memo(function ElicitationDock({ sessionKey }: { sessionKey: string }): ReactElement | null {
  const { t } = useTranslation();
  const waiting = useAppStore(useShallow((s) => Object.values(s.elicitations).filter((r) => r.sessionKey === sessionKey)));
  const dock = useRef<HTMLDivElement>(null);
  const newest = waiting[waiting.length - 1]?.id;
  useEffect(() => {
    if (!newest || (document.activeElement && document.activeElement !== document.body)) return;
    dock.current?.querySelector<HTMLElement>(`[data-elicitation="${newest}"] .elicit-card`)?.focus();
  }, [newest]);
  if (waiting.length === 0) return null;
  return (
    <div className="approval-dock elicit-dock" ref={dock} role="region" aria-label={t('mcp.elicitation.region')}>
      {waiting.map((request) => (
        <div className="msg" data-role="elicitation" data-elicitation={request.id} key={request.id}>
          <ElicitationCard request={request} />
        </div>
      ))}
    </div>
  );
});
