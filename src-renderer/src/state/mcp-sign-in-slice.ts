// Signing in to HTTP MCP servers from the window: start the sign-in and open the authorization page in the
// browser; the server's own state (auth.signingIn, then connected) says how it goes on. Sign out.
import { call } from './ipc-call';
import type { SliceCreator } from './store-types';

export interface McpSignInSlice {
  /** Servers whose sign-in is being started (until the authorization page opens). */
  mcpSignInStarting: Record<string, true>;
  /** The last sign-in problem per server (cleared by the next attempt). */
  mcpSignInError: Record<string, string>;
  signInMcp(name: string): Promise<void>;
  signOutMcp(name: string): Promise<void>;
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

export const createMcpSignInSlice: SliceCreator<McpSignInSlice> = (set, get, deps) => ({
  mcpSignInStarting: {},
  mcpSignInError: {},

  async signInMcp(name) {
    set((s) => ({ mcpSignInStarting: { ...s.mcpSignInStarting, [name]: true }, mcpSignInError: without(s.mcpSignInError, name) }));
    const res = await call(deps.api.mcp.signIn({ name }));
    set((s) => ({ mcpSignInStarting: without(s.mcpSignInStarting, name) }));
    if (!res.ok) {
      set((s) => ({ mcpSignInError: { ...s.mcpSignInError, [name]: res.message } }));
      return;
    }
    // No URL: a machine client, signed in already. Otherwise the page opens in the browser.
    if (res.value.authorizationUrl) await get().openExternal(res.value.authorizationUrl);
    await get().loadMcp();
  },

  async signOutMcp(name) {
    const res = await call(deps.api.mcp.signOut({ name }));
    if (!res.ok) set((s) => ({ mcpSignInError: { ...s.mcpSignInError, [name]: res.message } }));
    await get().loadMcp();
  },
});
