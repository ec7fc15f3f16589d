// Settings → MCP servers: which HTTP servers use OAuth and whether Nanotray is signed in to them (Sign in /
// Sign out), and bringing servers from other apps or extensions (McpImport). The servers themselves, and their
// `oauth` blocks, are edited in config.json.
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../state/store';
import { hasSignIn, McpSignIn } from '../runtime/McpSignIn';
import { McpImport } from './McpImport';

export function McpSection(): ReactElement {
  const { t } = useTranslation();
  const servers = useAppStore(useShallow((s) => s.mcpServers.filter(hasSignIn)));
  const loadMcp = useAppStore((s) => s.loadMcp);
  useEffect(() => {
    void loadMcp();
  }, [loadMcp]);
  return (
    <section className="card settings-section" id="settings-mcp" aria-labelledby="st-mcp">
      <div className="card-head">
        <h2 id="st-mcp">{t('settings.mcp.title')}</h2>
        <span className="faint">{t('settings.mcp.intro')}</span>
      </div>
      {servers.length === 0 ? (
        <p className="faint">{t('settings.mcp.empty')}</p>
      ) : (
        <ul className="mcp-auth-list">
          {servers.map((s) => (
            <li key={s.name}>
              <div>
                <strong>{s.name}</strong>{' '}
                <span className="faint">{s.state === 'needs_auth' ? t('runtime.mcp.states.needs_auth') : s.auth?.signedIn ? t('settings.mcp.signedIn') : t(`runtime.mcp.states.${s.state}`)}</span>
              </div>
              <McpSignIn server={s} showScope />
            </li>
          ))}
        </ul>
      )}
      <McpImport />
    </section>
  );
}
