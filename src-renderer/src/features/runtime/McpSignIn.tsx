// The sign-in control of an HTTP MCP server: "Sign in" when it needs one, "Waiting for the browser…" while the
// authorization page is open, "Sign out" once signed in. Used in the runtime panel and in settings.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerStatus } from '@contract/schemas';
import { useAppStore } from '../../state/store';

/** Whether a server has anything to sign in to (HTTP servers with OAuth state). */
export function hasSignIn(server: McpServerStatus): boolean {
  return server.auth !== undefined;
}

/** `showScope`: say what scope the server asks for (the runtime panel shows it in the server's error already). */
export function McpSignIn({ server, showScope = false }: { server: McpServerStatus; showScope?: boolean }): ReactElement | null {
  const { t } = useTranslation();
  const starting = useAppStore((s) => s.mcpSignInStarting[server.name] === true);
  const error = useAppStore((s) => s.mcpSignInError[server.name]);
  const signIn = useAppStore((s) => s.signInMcp);
  const signOut = useAppStore((s) => s.signOutMcp);
  const auth = server.auth;
  if (!auth) return null;
  const label = `${server.name}`;
  let control: ReactElement;
  if (auth.signingIn || starting) {
    control = (
      <span className="mcp-sign-in-row">
        <span className="faint" role="status">
          {starting ? t('runtime.mcp.opening') : t('runtime.mcp.waitingBrowser')}
        </span>
        {!starting && (
          <button type="button" className="btn btn-sm" aria-label={t('runtime.mcp.openAgainFor', { name: label })} onClick={() => void signIn(server.name)}>
            {t('runtime.mcp.openAgain')}
          </button>
        )}
      </span>
    );
  } else if (server.state === 'needs_auth' || !auth.signedIn) {
    control = (
      <button type="button" className="btn btn-primary btn-sm" aria-label={t('runtime.mcp.signInTo', { name: label })} onClick={() => void signIn(server.name)}>
        {auth.kind === 'machine' ? t('runtime.mcp.connect') : t('runtime.mcp.signIn')}
      </button>
    );
  } else {
    control = (
      <button type="button" className="btn btn-ghost btn-sm" aria-label={t('runtime.mcp.signOutOf', { name: label })} onClick={() => void signOut(server.name)}>
        {t('runtime.mcp.signOut')}
      </button>
    );
  }
  return (
    <div className="mcp-sign-in">
      {control}
      {showScope && auth.wantedScope && server.state === 'needs_auth' && <div className="faint">{t('runtime.mcp.asksFor', { scope: auth.wantedScope })}</div>}
      {auth.note && <div className="faint">{auth.note}</div>}
      {error && <div className="field-error">{error}</div>}
    </div>
  );
}
