// The egress proxy of one command (or one MCP server): a listener, private to it, that speaks HTTP and SOCKS5 on
// the same socket (the first byte tells them apart) and lets each connection through only as the policy says.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { registerOwnPort } from '../../lib/own-ports';
import { admit, type AdmissionOptions } from './admission';
import { handleConnect, handleForward, rawReply, type Admit } from './http-proxy';
import { handleSocks5 } from './socks5';
import { egressAllowed, type EgressVerdict } from './egress-record';

/**
 * Distinct refused targets one proxy remembers for the model's note; later ones are refused all the same, unlisted. A
 * command trying a new name on every connection (~500 a second here) for ten minutes would otherwise grow the core
 * by well over 100 MB.
 */
export const MAX_REFUSALS_KEPT = 100;

/** Where the unix sockets' folders are made: the one folder every bubblewrap sandbox hides behind its own tmpfs. */
export const UNIX_SOCKET_ROOT = '/tmp';

/** A unix socket in a fresh 0700 folder (Linux: bound into the sandbox), or 127.0.0.1 on an ephemeral port (macOS). */
export type ProxyListen = { kind: 'unix' } | { kind: 'tcp' };

export interface EgressRefusal {
  /** The target as rules name it (`api.x.com`, `127.0.0.1:3000`). */
  key: string;
  verdict: EgressVerdict;
}

export interface EgressProxy {
  /** The unix socket's path, or the loopback TCP port. */
  readonly address: { kind: 'unix'; path: string } | { kind: 'tcp'; port: number };
  /** The distinct targets refused so far, in order (the first MAX_REFUSALS_KEPT). */
  refusals(): EgressRefusal[];
  /** Stops listening and ends every open connection. */
  close(): Promise<void>;
}

const SOCKS_VERSION = 0x05;

/**
 * Connections one proxy holds at once; later ones are closed as they come. A command opening thousands (and sending
 * nothing) would otherwise spend the core's file descriptors, which every session, the database and the model's
 * requests share. Browsers keep six per host; package managers a few dozen.
 */
export const MAX_PROXY_CONNECTIONS = 256;

/** Starts a proxy; `options` carry the policy and the ledger for its connections. */
export async function startEgressProxy(listen: ProxyListen, options: AdmissionOptions): Promise<EgressProxy> {
  const refused = new Map<string, EgressVerdict>();
  const admitOne: Admit = async (host, port) => {
    const admission = await admit(host, port, options);
    if (admission.kind === 'refused' && !egressAllowed(admission.verdict) && !refused.has(admission.key) && refused.size < MAX_REFUSALS_KEPT) {
      refused.set(admission.key, admission.verdict);
    }
    return admission;
  };
  const http = createHttpServer({ requestTimeout: 0 });
  // whatever a handler throws ends that one connection, never the core
  http.on('connect', (req, socket, head) => void handleConnect(req, socket, head, admitOne).catch(() => socket.destroy()));
  http.on('request', (req, res) => void handleForward(req, res, admitOne).catch(() => res.destroy()));
  http.on('clientError', (_err, socket) => rawReply(socket, '400 Bad Request', 'Nanotray: not an HTTP proxy request\n'));
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      if (first[0] === SOCKS_VERSION) return handleSocks5(socket, first, admitOne);
      socket.pause();
      socket.unshift(first);
      http.emit('connection', socket);
      socket.resume();
    });
  });
  server.maxConnections = MAX_PROXY_CONNECTIONS;
  // under /tmp whatever TMPDIR says: bubblewrap puts a private tmpfs there, so no sandboxed process sees the socket of
  // another's proxy (a TMPDIR such as ~/tmp is visible read-only inside, and a socket on a read-only mount still connects)
  const dir = listen.kind === 'unix' ? mkdtempSync(join(UNIX_SOCKET_ROOT, 'nanotray-egress-')) : undefined;
  const path = dir ? join(dir, 'proxy.sock') : undefined;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if (path) server.listen(path, resolve);
    else server.listen(0, '127.0.0.1', resolve);
  });
  const port = path ? 0 : (server.address() as { port: number }).port;
  const unregister = path ? () => {} : registerOwnPort(port);
  let closing: Promise<void> | undefined;
  return {
    address: path ? { kind: 'unix', path } : { kind: 'tcp', port },
    refusals: () => [...refused].map(([key, verdict]) => ({ key, verdict })),
    close() {
      closing ??= new Promise<void>((resolve) => {
        void unregister();
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          if (dir) rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      });
      return closing;
    },
  };
}
