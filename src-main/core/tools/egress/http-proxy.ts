// The HTTP side of the egress proxy: CONNECT host:port (HTTPS and any TCP), and plain http:// requests in
// absolute form forwarded one by one. Refusals are a 403 with a one-line reason; malformed requests a 400.
import { request as httpRequest, type IncomingMessage, type ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Admission } from './admission';
import { refusalReason } from './egress-policy';
import { openTunnel } from './tunnel';

export type Admit = (rawHost: string, port: number) => Promise<Admission>;

/** Hop-by-hop and proxy headers that are the proxy's, not the target's. */
const DROPPED_HEADERS = new Set(['proxy-authorization', 'proxy-connection', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade']);

/** `host:port` of a CONNECT (IPv6 in brackets), or undefined. */
export function parseAuthority(authority: string): { host: string; port: number } | undefined {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]\s/@]+)):(\d{1,5})$/.exec(authority);
  if (!match) return undefined;
  const port = Number(match[3]);
  return port >= 1 && port <= 65535 ? { host: match[1] ?? match[2]!, port } : undefined;
}

function refusalText(key: string, admission: Admission): string {
  if (admission.kind === 'refused') return `Nanotray refused ${key}: ${refusalReason(admission.verdict)}\n`;
  return `Nanotray could not reach ${key}: the name did not resolve\n`;
}

/** A complete HTTP/1.1 response on a raw socket, then the socket is closed. */
export function rawReply(socket: Duplex, status: string, body: string): void {
  if (socket.destroyed) return;
  const bytes = Buffer.from(body);
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n${body}`);
}

/** The server's `connect` event. */
export async function handleConnect(req: IncomingMessage, client: Duplex, head: Buffer, admit: Admit): Promise<void> {
  client.on('error', () => client.destroy());
  const target = parseAuthority(req.url ?? '');
  const admission = await admit(target?.host ?? (req.url ?? '').slice(0, 200), target?.port ?? 0);
  if (admission.kind !== 'admitted') {
    rawReply(client, admission.kind === 'refused' ? (admission.verdict === 'invalid' ? '400 Bad Request' : '403 Forbidden') : '502 Bad Gateway', refusalText(admission.key, admission));
    return;
  }
  openTunnel(client, admission, head, {
    onOpen: () => client.write('HTTP/1.1 200 Connection Established\r\n\r\n'),
    onFail: () => rawReply(client, '502 Bad Gateway', `Nanotray could not connect to ${admission.target.key}\n`),
  });
}

function replyText(res: ServerResponse, status: number, body: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end(body);
}

/** The server's `request` event: `GET http://host/path` forwarded to the admitted address. */
export async function handleForward(req: IncomingMessage, res: ServerResponse, admit: Admit): Promise<void> {
  let url: URL | undefined;
  try {
    url = /^http:\/\//i.test(req.url ?? '') ? new URL(req.url!) : undefined;
  } catch {
    url = undefined;
  }
  const port = url ? Number(url.port || 80) : 0;
  const admission = await admit(url?.hostname ?? (req.url ?? '').slice(0, 200), port);
  if (admission.kind !== 'admitted' || !url) {
    if (admission.kind === 'admitted') admission.done(0, 0);
    const status = admission.kind === 'refused' ? (admission.verdict === 'invalid' ? 400 : 403) : 502;
    replyText(res, status, admission.kind === 'admitted' ? 'Nanotray forwards only http:// URLs; use CONNECT for others\n' : refusalText(admission.key, admission));
    return;
  }
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!DROPPED_HEADERS.has(name) && value !== undefined) headers[name] = value;
  headers.host = url.host;
  headers.connection = 'close';
  const upstream = httpRequest({ host: admission.address, port, method: req.method, path: `${url.pathname}${url.search}`, headers, agent: false, setHost: false });
  upstream.on('socket', (socket) => socket.once('close', () => admission.done(socket.bytesWritten, socket.bytesRead)));
  upstream.on('response', (answer) => {
    const back: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(answer.headers)) if (!DROPPED_HEADERS.has(name) && value !== undefined) back[name] = value;
    try {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, back);
    } catch {
      // a status or header Node will not repeat (`HTTP/1.1 099`): thrown here, it would take the whole core down
      answer.resume();
      replyText(res, 502, `Nanotray: ${admission.target.key} answered with a status or header that is not valid HTTP\n`);
      return;
    }
    answer.pipe(res);
  });
  upstream.on('error', () => replyText(res, 502, `Nanotray could not connect to ${admission.target.key}\n`));
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}
