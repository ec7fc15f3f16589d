// The secrets Nanotray keeps in its home besides config.json: the browser host's access token (run/web-host.json),
// read whenever the file changes, so that every process (CLI, daemon, desktop app) scrubs the token of a browser host
// that another process started.
import { readFileSync, statSync } from 'node:fs';

/** A source for addSecretSource: the token in `file` (web-host.json), read again only when the file changed. */
export function webHostTokenSource(file: string): () => string[] {
  let seen = '';
  let token: string | undefined;
  return () => {
    let stamp = '';
    try {
      const st = statSync(file);
      stamp = `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      return token ? [token] : [];
    }
    if (stamp !== seen) {
      seen = stamp;
      try {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as { token?: unknown };
        if (typeof parsed.token === 'string') token = parsed.token;
      } catch {
        // damaged or half-written: the next change is read again
      }
    }
    return token ? [token] : [];
  };
}
