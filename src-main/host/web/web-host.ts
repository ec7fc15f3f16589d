// The browser host: serves the built renderer on loopback and carries the IPC contract over a WebSocket
// (same dispatcher, handlers, validation and policy as Electron IPC), pushing core events to every page.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { PUSH_CHANNELS } from '../../../src-preload/contract/channels';
import { LIMITS } from '../../../src-preload/contract/limits';
import type { NavigateEvent } from '../../../src-preload/contract/event-schemas';
import type { Core } from '../../core/nanotray-core';
import { createApiHandlers } from '../../core/api/api-handlers';
import { createDispatcher, type Dispatcher } from '../../core/api/dispatch';
import type { ApiHost } from '../../core/api/api-host';
import { errorMessage } from '../../core/lib/result';
import { buildCsp } from './csp';
import { isAllowedHost, isAllowedOrigin, isLoopbackBind, tokenMatches } from './request-guards';
import { serveStatic, securityHeaders } from './static-files';
import { encodeWsFrame, parseWsRequest, type WsPush, type WsResponse } from '../../../src-preload/contract/ws-protocol';
import { createLogger } from '../../core/lib/logger';
import { registerSecret } from '../../core/lib/known-secrets';
import { textRef } from '../../../src-preload/contract/desktop-texts';
import { homeDatabasePaths, noteDatabaseError } from '../../core/store/home-database';
import { registerOwnPort } from '../../core/lib/own-ports';

const log = createLogger('web');

export const WS_PATH = '/ws';
/** `GET /auth-check?token=…`: 204 when the token is this host's, 401 when not. */
export const AUTH_CHECK_PATH = '/auth-check';

export interface WebHostOptions {
  core: Core;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 = any free port. */
  port?: number;
  /** Must be a loopback address; anything else is refused. */
  bind?: string;
  /** Fixed token (tests); random otherwise. */
  token?: string;
  version?: string;
  logError?: (message: string, err: unknown) => void;
  /** Told each time a page connects with the token (e.g. to remove a launcher page once it was used). */
  onClient?: () => void;
}

export interface WebHost {
  /** The URL to open, token included. */
  url: string;
  port: number;
  token: string;
  /** Connected, authenticated pages. */
  clientCount(): number;
  close(): Promise<void>;
}

export type WebHostResult = { ok: true; value: WebHost } | { ok: false; error: string };

function webApiHost(version: string, broadcast: (push: WsPush) => void): ApiHost {
  return {
    kind: 'web',
    version,
    // The page opens the link itself (window.open) once this answers ok.
    openExternal: async () => true,
    showMainWindow(target) {
      const payload: NavigateEvent = { view: target.view ?? 'chat', ...(target.sessionKey ? { sessionKey: target.sessionKey } : {}) };
      broadcast({ event: PUSH_CHANNELS.onNavigate.channel, payload });
      return true;
    },
    hideQuickAsk: () => false,
    secrets: { mode: 'plain', note: textRef('settings.keysPlainBrowser') },
  };
}

function refuse(socket: { write(s: string): void; destroy(): void }, status: number, reason: string): void {
  socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/** Starts the browser host; a non-loopback bind address is refused before anything listens. */
export async function startWebHost(options: WebHostOptions): Promise<WebHostResult> {
  const bind = options.bind ?? '127.0.0.1';
  if (!isLoopbackBind(bind)) {
    return { ok: false, error: `Refusing to listen on ${bind}: the browser host only binds to loopback (127.0.0.1).` };
  }
  const token = options.token ?? randomBytes(24).toString('base64url');
  registerSecret(token); // it opens the whole API (and /mcp add): never for the model or a log
  const logError = options.logError ?? ((m, e) => log.error(m, e));
  const clients = new Set<WebSocket>();
  const send = (ws: WebSocket, message: WsPush | WsResponse): void => {
    if (ws.readyState === ws.OPEN) ws.send(encodeWsFrame(message));
  };
  const broadcast = (push: WsPush): void => clients.forEach((ws) => send(ws, push));

  const handlers = createApiHandlers(options.core, webApiHost(options.version ?? '0.0.0', broadcast));
  const dispatch: Dispatcher = createDispatcher(handlers, { logError, damagedStore: (err) => noteDatabaseError(homeDatabasePaths(options.core.paths.home), err) });
  let port = 0;
  const csp = (): string => buildCsp({ connectSrc: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`] });

  const server: Server = createServer((req, res) => {
    if (!isAllowedHost(req.headers.host, port)) {
      res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Misdirected request');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', ...securityHeaders(csp()) });
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === AUTH_CHECK_PATH) {
      // Lets a page whose socket will not open tell "the host is down" (no answer) from "this token is refused".
      res.writeHead(tokenMatches(url.searchParams.get('token'), token) ? 204 : 401, { 'Cache-Control': 'no-store', ...securityHeaders(csp()) });
      res.end();
      return;
    }
    serveStatic(options.rendererDir, url.pathname, res, csp(), req.method === 'HEAD');
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.payloadChars + 1_000 });
  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== WS_PATH) return refuse(socket, 404, 'Not Found');
    if (!isAllowedHost(req.headers.host, port)) return refuse(socket, 421, 'Misdirected Request');
    if (!isAllowedOrigin(req.headers.origin, port)) return refuse(socket, 403, 'Forbidden');
    if (!tokenMatches(url.searchParams.get('token'), token)) return refuse(socket, 401, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  wss.on('connection', (ws: WebSocket) => {
    clients.add(ws);
    options.onClient?.();
    ws.on('close', () => clients.delete(ws));
    ws.on('error', () => clients.delete(ws));
    ws.on('message', (data, isBinary) => {
      const request = isBinary ? undefined : parseWsRequest(data.toString());
      if (!request) {
        ws.close(1003, 'Malformed request');
        return;
      }
      void dispatch(request.channel, request.payload).then((result) => send(ws, { id: request.id, result }));
    });
  });

  const unsubscribe = options.core.events.on((event) => broadcast({ event: PUSH_CHANNELS.onCoreEvent.channel, payload: event }));

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, bind, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    unsubscribe();
    wss.close();
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? `port ${options.port} is already in use; pick another with --port` : errorMessage(err);
    return { ok: false, error: `Could not start the browser host: ${why}.` };
  }
  port = (server.address() as AddressInfo).port;
  // no sandboxed command reaches the browser host, even with its token
  const unregisterPort = registerOwnPort(port);

  const host: WebHost = {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    clientCount: () => clients.size,
    async close() {
      unregisterPort();
      unsubscribe();
      for (const ws of clients) ws.terminate();
      clients.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return { ok: true, value: host };
}
