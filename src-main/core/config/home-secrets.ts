// The secrets Nanotray keeps in its home besides config.json: the browser host's access token (run/web-host.json),
// read whenever the file changes, so that every process (CLI, daemon, desktop app) scrubs the token of a browser host
// that another process started, and refuses its port to sandboxed commands.
import { readFileSync, statSync } from 'node:fs';

/** The browser host's state file, read again only when it changed: its token and port (of any process). */
export function webHostState(file: string): () => { token?: string; port?: number } {
  let seen = '';
  let state: { token?: string; port?: number } = {};
  return () => {
    let stamp = '';
    try {
      const st = statSync(file);
      stamp = `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      return state;
    }
    if (stamp !== seen) {
      seen = stamp;
      try {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as { token?: unknown; port?: unknown };
        state = {
          ...(typeof parsed.token === 'string' ? { token: parsed.token } : state.token ? { token: state.token } : {}),
          ...(Number.isInteger(parsed.port) ? { port: parsed.port as number } : {}),
        };
      } catch {
        // damaged or half-written: the next change is read again
      }
    }
    return state;
  };
}
