// Settings → MCP servers: which HTTP servers use OAuth and whether Nanotray is signed in to them (Sign in /
// Sign out). The servers themselves, and their `oauth` blocks, are edited in config.json.
import { useEffect, type ReactElement } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../state/store';
import { hasSignIn, McpSignIn } from '../runtime/McpSignIn';

export function McpSection(): ReactElement {
  const servers = useAppStore(useShallow((s) => s.mcpServers.filter(hasSignIn)));
  const loadMcp = useAppStore((s) => s.loadMcp);
  useEffect(() => {
    void loadMcp();
  }, [loadMcp]);
  return (
    <section className="card settings-section" id="settings-mcp" aria-labelledby="st-mcp">
      <div className="card-head">
        <h2 id="st-mcp">MCP servers</h2>
        <span className="faint">Sign in to HTTP servers that ask for it. Tokens stay on this computer and are never shown.</span>
      </div>
      {servers.length === 0 ? (
        <p className="faint">No HTTP MCP servers (mcpServers in config.json).</p>
      ) : (
        <ul className="mcp-auth-list">
          {servers.map((s) => (
            <li key={s.name}>
              <div>
                <strong>{s.name}</strong>{' '}
                <span className="faint">{s.state === 'needs_auth' ? 'needs sign-in' : s.auth?.signedIn ? 'signed in' : s.state}</span>
              </div>
              <McpSignIn server={s} showScope />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
