// Loopback "web" for attack tests: one HTTP server on 127.0.0.1 that plays several hosts (told apart by the
// Host header), records every request it gets, and redirects where told; plus DNS that maps the test names to it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';

export interface HostHit {
  /** The canonical host the request was sent to (lower case, no trailing dot, with the port). */
  host: string;
  url: string;
}

export interface WebHosts {
  port: number;
  /** `http://<name>:<port>` for a test host name. */
  origin(name: string): string;
  hits: HostHit[];
  /** Requests that reached `name` (any spelling of it). */
  hitsOn(name: string): HostHit[];
  /** DNS for web_fetch: every name resolves to 127.0.0.1 (the server behind all test hosts). */
  resolveAll(hostname: string): Promise<LookupAddress[]>;
  close(): Promise<void>;
}

/** `/redirect?to=<url>` answers 302 to `to`; `/page` answers a small HTML page; anything else a text echo. */
export async function startWebHosts(): Promise<WebHosts> {
  const hits: HostHit[] = [];
  const server: Server = createServer((req, res) => {
    const host = String(req.headers.host ?? '').toLowerCase().replace(/\.(?=:|$)/g, '');
    hits.push({ host, url: req.url ?? '/' });
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`page ${url.pathname} of ${host}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: (name) => `http://${name}:${port}`,
    hits,
    hitsOn: (name) => hits.filter((h) => h.host === `${name}:${port}`),
    resolveAll: async () => [{ address: '127.0.0.1', family: 4 }],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
