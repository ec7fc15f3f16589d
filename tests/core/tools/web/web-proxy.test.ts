// tools.web.proxy: web_fetch and web_search go through an http:// proxy (plain requests and CONNECT tunnels),
// and private targets are still refused (resolved locally first). Loopback servers only.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebFetchTool } from '../../../../src-main/core/tools/web/web-fetch.tool';
import { createWebSearchTool } from '../../../../src-main/core/tools/web/web-search.tool';
import { ToolRegistry } from '../../../../src-main/core/tools/tool-registry';
import { makeToolFixture } from '../tool-context-fixture';

let proxy: Server;
let tlsServer: HttpsServer;
let proxyUrl: string;
let tlsPort: number;
const seen: Array<{ method: string; url: string; auth?: string }> = [];
const sockets = new Set<Socket>();

beforeAll(async () => {
  const fixtures = join(__dirname, '..', 'fixtures');
  tlsServer = createHttpsServer({ key: readFileSync(join(fixtures, 'test-tls.key')), cert: readFileSync(join(fixtures, 'test-tls.crt')) }, (_req, res) =>
    res.end('secret over tls'),
  );
  await new Promise<void>((r) => tlsServer.listen(0, '127.0.0.1', r));
  tlsPort = (tlsServer.address() as AddressInfo).port;

  proxy = createServer((req: IncomingMessage, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', ...(req.headers['proxy-authorization'] ? { auth: req.headers['proxy-authorization'] } : {}) });
    if ((req.url ?? '').includes('/ddg/')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<div class="result"><a class="result__a" href="https://found.example/">Found via proxy</a></div>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`proxied ${req.url}`);
  });
  proxy.on('connect', (req: IncomingMessage, client: Socket) => {
    seen.push({ method: 'CONNECT', url: req.url ?? '' });
    sockets.add(client);
    if ((req.url ?? '').startsWith('refused.example')) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(tlsPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://user:p%40ss@127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  proxy.closeAllConnections();
  tlsServer.closeAllConnections();
  await Promise.all([new Promise((r) => proxy.close(r)), new Promise((r) => tlsServer.close(r))]);
});

const publicDns = async () => [{ address: '93.184.216.34', family: 4 }];
const privateDns = async () => [{ address: '192.168.1.10', family: 4 }];

async function fetchVia(url: string, resolveAll = publicDns) {
  const registry = new ToolRegistry();
  registry.register(createWebFetchTool({ resolveAll }));
  const fx = makeToolFixture({ tools: { web: { proxy: proxyUrl } } });
  try {
    return await registry.execute('web_fetch', { url }, fx.ctx());
  } finally {
    fx.cleanup();
  }
}

describe('web_fetch through tools.web.proxy', () => {
  it('sends plain http requests to the proxy with the absolute URL and proxy credentials', async () => {
    const result = await fetchVia('http://news.example/today');
    expect(result.ok && result.output.endsWith('\n\nproxied http://news.example/today')).toBe(true);
    expect(seen.at(-1)).toEqual({ method: 'GET', url: 'http://news.example/today', auth: `Basic ${Buffer.from('user:p@ss').toString('base64')}` });
  });

  it('tunnels https with CONNECT (the TLS handshake reaches the server; its self-signed certificate is rejected)', async () => {
    const result = await fetchVia('https://secure.example/');
    expect(seen.at(-1)).toEqual({ method: 'CONNECT', url: 'secure.example:443' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message.startsWith('Error: Could not fetch https://secure.example/: self-signed certificate')).toBe(true);
  });

  it('reports a proxy that refuses the tunnel', async () => {
    expect(await fetchVia('https://refused.example/')).toEqual({
      ok: false,
      error: { code: 'failed', message: 'Error: Could not fetch https://refused.example/: the proxy refused to connect to refused.example:443 (HTTP 403)' },
    });
  });

  it('still refuses names that resolve to private addresses, without contacting the proxy', async () => {
    const before = seen.length;
    expect(await fetchVia('http://router.example/admin', privateDns)).toEqual({
      ok: false,
      error: {
        code: 'refused',
        message:
          'Error: web_fetch refused http://router.example/admin: 192.168.1.10 is a private address. Loopback, private, link-local ' +
          'and cloud-metadata addresses are off limits unless the user lists the host in tools.web.allowPrivateHosts.',
      },
    });
    expect(seen.length).toBe(before);
  });
});

describe('web_search through tools.web.proxy', () => {
  it('goes through the proxy (Node fetch alone could not)', async () => {
    const registry = new ToolRegistry();
    registry.register(createWebSearchTool({ endpoints: { duckduckgo: 'http://ddg.example/ddg/' } }));
    const fx = makeToolFixture({ tools: { web: { proxy: proxyUrl } } });
    try {
      const result = await registry.execute('web_search', { query: 'hi' }, fx.ctx());
      expect(result.ok && result.output.endsWith('Results for: hi\n\n1. Found via proxy\n   https://found.example/')).toBe(true);
      expect(seen.at(-1)).toMatchObject({ method: 'GET', url: 'http://ddg.example/ddg/?q=hi' });
    } finally {
      fx.cleanup();
    }
  });
});
