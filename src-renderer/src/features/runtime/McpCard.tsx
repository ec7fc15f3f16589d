// MCP servers: state (connected / failing / circuit open …), how many tools each offers and why some are hidden,
// and the warning when the offered tools pass the limit.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { McpServerStatus } from '@contract/schemas';
import { Icon } from '../../components/Icon';
import { relativeTime } from '../../lib/format';
import { useAppStore } from '../../state/store';
import { McpSignIn } from './McpSignIn';

const STATE_BADGE: Record<McpServerStatus['state'], string> = {
  connected: 'badge badge-ok',
  connecting: 'badge badge-accent',
  idle: 'badge',
  failing: 'badge badge-warn',
  circuit_open: 'badge badge-danger',
  needs_auth: 'badge badge-warn',
  failed: 'badge badge-danger',
  disabled: 'badge',
};

/** `2 task-only, 40 over the limit`, or '' when nothing is hidden. */
function hiddenNote(s: McpServerStatus, t: TFunction): string {
  const h = s.hidden;
  if (!h) return '';
  return [
    h.filtered ? t('runtime.mcp.filtered', { count: h.filtered }) : '',
    h.taskOnly ? t('runtime.mcp.taskOnly', { count: h.taskOnly }) : '',
    h.overLimit ? t('runtime.mcp.overLimit', { count: h.overLimit }) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

export function McpCard(): ReactElement {
  const { t } = useTranslation();
  const servers = useAppStore((s) => s.mcpServers);
  const budget = useAppStore((s) => s.mcpBudget);
  const error = useAppStore((s) => s.mcpError);
  return (
    <section className="card" aria-labelledby="rt-mcp">
      <div className="card-head">
        <Icon name="server" size={16} />
        <h2 id="rt-mcp">{t('runtime.mcp.title')}</h2>
      </div>
      {error && <div className="field-error">{error}</div>}
      {budget && (
        <div className="banner banner-warn" role="status">
          <Icon name="alert" size={14} /> {budget.message}
        </div>
      )}
      {servers.length === 0 ? (
        <p className="faint">{t('runtime.mcp.empty')}</p>
      ) : (
        <table className="table">
          <caption className="sr-only">{t('runtime.mcp.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('runtime.mcp.server')}</th>
              <th scope="col">{t('runtime.mcp.state')}</th>
              <th scope="col">{t('runtime.mcp.tools')}</th>
            </tr>
          </thead>
          <tbody>
            {servers.map((s) => (
              <tr key={s.name}>
                <td>
                  <strong>{s.name}</strong> <span className="faint">{s.transport}</span>
                  {s.sandbox && <span className={s.sandbox === 'unavailable' ? 'field-error' : 'faint'}> · {t(`runtime.mcp.sandbox.${s.sandbox}`)}</span>}
                  {s.error && <div className="faint">{s.error}</div>}
                </td>
                <td>
                  <span className={STATE_BADGE[s.state]}>{t(`runtime.mcp.states.${s.state}`)}</span>
                  {s.state === 'circuit_open' && s.retryAt && <div className="faint">{t('runtime.mcp.retry', { when: relativeTime(s.retryAt) })}</div>}
                  <McpSignIn server={s} />
                </td>
                <td title={s.tools.join(', ')}>
                  {s.toolCount ?? s.tools.length}
                  {hiddenNote(s, t) && <div className="faint">{t('runtime.mcp.hidden', { what: hiddenNote(s, t) })}</div>}
                  {(s.resourceCount || s.promptCount) ? (
                    <div className="faint">
                      {s.resourceCount ? t('runtime.mcp.resources', { count: s.resourceCount }) : ''}
                      {s.resourceCount && s.promptCount ? ' · ' : ''}
                      {s.promptCount ? t('runtime.mcp.prompts', { count: s.promptCount }) : ''}
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
