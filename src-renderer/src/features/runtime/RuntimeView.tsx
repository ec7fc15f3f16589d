// The runtime panel: what the agent is running with for a session (the `my` overview), heartbeat, cron, MCP,
// the network (what the agent sent out today) and the audit log — live, and editable only where the policy allows.
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../state/store';
import { AuditCard } from './AuditCard';
import { CronCard } from './CronCard';
import { HeartbeatCard } from './HeartbeatCard';
import { McpCard } from './McpCard';
import { NetworkCard } from './NetworkCard';
import { OverviewCard } from './OverviewCard';
import { SessionStateCard } from './SessionStateCard';
import { channelLabel } from '../chat/channel-label';
import { sessionTitle } from '../chat/session-title';

export function RuntimeView(): ReactElement {
  const { t } = useTranslation();
  const sessions = useAppStore((s) => s.sessions);
  const sessionKey = useAppStore((s) => s.runtimeSessionKey ?? s.activeSessionKey);
  const setSession = useAppStore((s) => s.setRuntimeSession);
  const loadRuntime = useAppStore((s) => s.loadRuntime);
  const loadHeartbeat = useAppStore((s) => s.loadHeartbeat);
  const loadCron = useAppStore((s) => s.loadCron);
  const loadMcp = useAppStore((s) => s.loadMcp);
  const loadNetwork = useAppStore((s) => s.loadNetwork);

  useEffect(() => {
    void loadRuntime();
    void loadHeartbeat();
    void loadCron();
    void loadMcp();
    void loadNetwork();
    // Next-run times, "x min ago" and today's connections drift: refresh quietly while the panel is open.
    const timer = window.setInterval(() => {
      void loadHeartbeat();
      void loadCron();
      void loadNetwork();
    }, 30_000);
    return () => window.clearInterval(timer);
  }, [loadRuntime, loadHeartbeat, loadCron, loadMcp, loadNetwork]);

  return (
    <>
      <header className="view-head">
        <h1>{t('runtime.view.title')}</h1>
        <span className="spacer" />
        <label htmlFor="rt-session-pick" className="faint">
          {t('runtime.view.session')}
        </label>
        <select id="rt-session-pick" data-main-control="" className="select" style={{ width: 260 }} value={sessionKey ?? ''} onChange={(e) => setSession(e.target.value || null)}>
          <option value="">{t('runtime.view.noSession')}</option>
          {sessions.map((s) => (
            <option key={s.key} value={s.key}>
              {t('runtime.view.sessionOption', { title: sessionTitle(s, t), channel: channelLabel(s.channel) })}
            </option>
          ))}
        </select>
      </header>
      <div className="view-body">
        <div className="view-scroll runtime-grid">
          <OverviewCard />
          <SessionStateCard />
          <HeartbeatCard />
          <CronCard />
          <McpCard />
          <NetworkCard />
          <AuditCard />
        </div>
      </div>
    </>
  );
}
