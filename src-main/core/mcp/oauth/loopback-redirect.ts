// The OAuth redirect target of a sign-in: a one-shot HTTP listener on 127.0.0.1 that takes the authorization
// code when the `state` matches, and tells the browser tab what happened.
import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { errResult, okResult, type Result } from '../../lib/result';
import { registerOwnPort } from '../../lib/own-ports';

export interface LoopbackRedirect {
  port: number;
  /** Resolves with the code, or an error (the server refused, the wait was cancelled or timed out). */
  code: Promise<Result<string>>;
  /** Stops listening; a pending `code` resolves with `reason`. */
  close(reason?: string): void;
}

const PAGE_STYLE = 'font:16px system-ui,sans-serif;max-width:32em;margin:4em auto;padding:0 1em;line-height:1.5';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(title)}</title><body style="${PAGE_STYLE}"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></body></html>`;
}

function sameState(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * Listens on 127.0.0.1:`port` for `/callback?code=…&state=…`. A request with another state is answered 400 and
 * ignored (it did not come from this sign-in); an `error=` from the authorization server ends the wait.
 * Rejects when the port cannot be bound (e.g. EADDRINUSE).
 */
export async function openLoopbackRedirect(port: number, expectedState: string, serverName: string): Promise<LoopbackRedirect> {
  let settle!: (result: Result<string>) => void;
  const code = new Promise<Result<string>>((resolve) => (settle = resolve));
  let done = false;
  const finish = (result: Result<string>): void => {
    if (done) return;
    done = true;
    settle(result);
    server.close();
    server.closeAllConnections();
    unregisterPort();
  };
  let unregisterPort = (): void => {};
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const reply = (status: number, title: string, body: string): void => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
      res.end(page(title, body));
    };
    if (req.method !== 'GET' || url.pathname !== '/callback') return reply(404, 'Not found', 'This address only receives Nanotray sign-ins.');
    const state = url.searchParams.get('state') ?? '';
    if (done || !sameState(state, expectedState)) {
      return reply(400, 'Sign-in not accepted', 'This answer does not belong to the sign-in Nanotray started. Start the sign-in again.');
    }
    const error = url.searchParams.get('error');
    if (error) {
      const detail = url.searchParams.get('error_description');
      reply(400, 'Sign-in failed', `${serverName}: ${error}${detail ? ` (${detail})` : ''}`);
      return finish(errResult(`the authorization server answered ${error}${detail ? `: ${detail}` : ''}`));
    }
    const received = url.searchParams.get('code');
    if (!received) return reply(400, 'Sign-in failed', 'The answer carried no authorization code.');
    reply(200, 'Signed in', `Nanotray is signed in to ${serverName}. You can close this tab.`);
    finish(okResult(received));
  });
  const bound = await listen(server, port);
  // a sandboxed command must not answer the sign-in in the user's place
  const release = registerOwnPort(bound);
  unregisterPort = () => void release();
  if (done) unregisterPort();
  return { port: bound, code, close: (reason = 'the sign-in was cancelled') => finish(errResult(reason)) };
}
