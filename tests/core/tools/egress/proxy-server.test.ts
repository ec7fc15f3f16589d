// The egress proxy on its own: HTTP CONNECT, plain-http forwarding, SOCKS5 with names and IPv4, refusals that
// reach the client as a clean error (and the ledger), malformed requests, Nanotray's own ports, and byte counts.
import { createServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEgressProxy, type EgressProxy } from '../../../../src-main/core/tools/egress/proxy-server';
import type { ProxiedConnection } from '../../../../src-main/core/tools/egress/admission';
import type { EgressTarget } from '../../../../src-main/core/tools/egress/egress-policy';
import type { EgressVerdict } from '../../../../src-main/core/tools/egress/egress-record';
import { registerOwnPort } from '../../../../src-main/core/lib/own-ports';

let web: Server;
let webPort: number;
let echo: NetServer;
let echoPort: number;
const seen: string[] = [];

beforeAll(async () => {
  web = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} host=${req.headers.host} proxy=${req.headers['proxy-authorization'] ?? ''} body=${body}`);
      res.end(`hello from ${req.url}`);
    });
  });
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  webPort = (web.address() as AddressInfo).port;
  echo = createNetServer((s) => s.pipe(s));
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
  echoPort = (echo.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => web.close(r));
  await new Promise((r) => echo.close(r));
});

let proxy: EgressProxy | undefined;
let records: ProxiedConnection[] = [];
let asked: EgressTarget[] = [];
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  records = [];
  asked = [];
  seen.length = 0;
});

async function start(verdict: (t: EgressTarget) => EgressVerdict, resolve: Record<string, string[]> = {}, allowPrivateHosts: string[] = []): Promise<EgressProxy> {
  proxy = await startEgressProxy(
    { kind: 'unix' },
    {
      allowPrivateHosts,
      decide: async (t) => {
        asked.push(t);
        return verdict(t);
      },
      record: (c) => records.push(c),
      resolveAll: async (name) => {
        const found = resolve[name];
        if (!found) throw new Error('ENOTFOUND');
        return found;
      },
    },
  );
  return proxy;
}

function dial(p: EgressProxy): Promise<Socket> {
  if (p.address.kind !== 'unix') throw new Error('unix expected');
  const socket = connect(p.address.path);
  return new Promise((resolve, reject) => socket.once('connect', () => resolve(socket)).once('error', reject));
}

/** Sends `bytes`, then collects everything until the proxy closes or `until` matches. */
function exchange(socket: Socket, bytes: Buffer | string, until?: (all: Buffer) => boolean): Promise<Buffer> {
  return new Promise((resolve) => {
    let all = Buffer.alloc(0);
    socket.on('data', (d: Buffer) => {
      all = Buffer.concat([all, d]);
      if (until?.(all)) resolve(all);
    });
    socket.on('close', () => resolve(all));
    socket.on('error', () => resolve(all));
    socket.write(bytes);
  });
}

const waitFor = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('HTTP', () => {
  it('CONNECT tunnels to an allowed host:port and records the bytes both ways', async () => {
    const p = await start(() => 'rule');
    const socket = await dial(p);
    const reply = await exchange(socket, `CONNECT 127.0.0.1:${echoPort} HTTP/1.1\r\nHost: x\r\n\r\n`, (b) => b.includes('\r\n\r\n'));
    expect(reply.toString()).toMatch(/^HTTP\/1\.1 200/);
    const back = await exchange(socket, 'ping-through-the-tunnel', (b) => b.includes('tunnel'));
    expect(back.toString()).toContain('ping-through-the-tunnel');
    socket.destroy();
    await waitFor(() => records.length > 0);
    expect(records).toEqual([{ host: '127.0.0.1', port: echoPort, bytesOut: 23, bytesIn: 23, verdict: 'rule' }]);
    expect(asked).toEqual([{ name: '127.0.0.1', port: echoPort, key: `127.0.0.1:${echoPort}` }]);
  });

  it('forwards an absolute http:// request without the proxy headers', async () => {
    const p = await start(() => 'once');
    const socket = await dial(p);
    const request = `POST http://127.0.0.1:${webPort}/path?q=1 HTTP/1.1\r\nHost: 127.0.0.1:${webPort}\r\nProxy-Authorization: Basic abc\r\nContent-Length: 4\r\n\r\ndata`;
    const reply = (await exchange(socket, request, (b) => b.includes('hello from'))).toString();
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    expect(reply).toContain('hello from /path?q=1');
    expect(seen).toEqual([`POST /path?q=1 host=127.0.0.1:${webPort} proxy= body=data`]);
    socket.destroy();
    await waitFor(() => records.length > 0);
    expect(records[0]).toMatchObject({ host: '127.0.0.1', port: webPort, verdict: 'once' });
    expect(records[0]!.bytesOut).toBeGreaterThan(4);
    expect(records[0]!.bytesIn).toBeGreaterThan(20);
  });

  it('a refusal is a 403 with a one-line reason; nothing reaches the target and the refusal is kept', async () => {
    const p = await start(() => 'unattended');
    const socket = await dial(p);
    const reply = (await exchange(socket, `CONNECT 127.0.0.1:${echoPort} HTTP/1.1\r\n\r\n`)).toString();
    expect(reply).toMatch(/^HTTP\/1\.1 403/);
    expect(reply).toContain(`Nanotray refused 127.0.0.1:${echoPort}: nobody could approve it`);
    const forward = (await exchange(await dial(p), `GET http://127.0.0.1:${webPort}/x HTTP/1.1\r\nHost: a\r\n\r\n`, (b) => b.includes('refused'))).toString();
    expect(forward).toMatch(/^HTTP\/1\.1 403/);
    expect(seen).toEqual([]);
    expect(p.refusals()).toEqual([
      { key: `127.0.0.1:${echoPort}`, verdict: 'unattended' },
      { key: `127.0.0.1:${webPort}`, verdict: 'unattended' },
    ]);
    expect(records.map((r) => r.verdict)).toEqual(['unattended', 'unattended']);
  });

  it('malformed requests get a 400 and ask nobody', async () => {
    const p = await start(() => 'auto');
    for (const bad of ['CONNECT nohost HTTP/1.1\r\n\r\n', 'CONNECT a b:1 HTTP/1.1\r\n\r\n', 'GET /relative HTTP/1.1\r\nHost: x\r\n\r\n', 'garbage\r\n\r\n']) {
      const reply = (await exchange(await dial(p), bad)).toString();
      expect(reply).toMatch(/^HTTP\/1\.1 400/);
    }
    expect(asked).toEqual([]);
  });

  it('does not resolve a name nobody allowed (no DNS leak), and a name resolving to loopback is refused', async () => {
    const resolved: string[] = [];
    proxy = await startEgressProxy(
      { kind: 'unix' },
      {
        decide: async (t) => (t.name === 'secret-data.attacker.test' ? 'denied' : 'rule'),
        record: (c) => records.push(c),
        resolveAll: async (name) => {
          resolved.push(name);
          return ['127.0.0.1'];
        },
      },
    );
    const denied = (await exchange(await dial(proxy), 'CONNECT secret-data.attacker.test:443 HTTP/1.1\r\n\r\n')).toString();
    expect(denied).toMatch(/^HTTP\/1\.1 403/);
    expect(resolved).toEqual([]);
    const rebinding = (await exchange(await dial(proxy), `CONNECT localtest.test:${echoPort} HTTP/1.1\r\n\r\n`)).toString();
    expect(rebinding).toMatch(/^HTTP\/1\.1 403/);
    expect(rebinding).toContain('resolves to a loopback or private address');
    expect(records.at(-1)).toMatchObject({ host: 'localtest.test', verdict: 'address' });
  });

  it("Nanotray's own port is refused even when the policy allows everything", async () => {
    const release = registerOwnPort(echoPort);
    try {
      const p = await start(() => 'open', { 'me.test': ['127.0.0.1'] });
      for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]', '0.0.0.0']) {
        const reply = (await exchange(await dial(p), `CONNECT ${host}:${echoPort} HTTP/1.1\r\n\r\n`)).toString();
        expect(reply, host).toContain("Nanotray's own ports");
      }
      expect(asked).toEqual([]);
    } finally {
      release();
    }
  });
});

describe('SOCKS5', () => {
  const greeting = Buffer.from([0x05, 0x01, 0x00]);
  const connectByName = (name: string, port: number): Buffer =>
    Buffer.concat([Buffer.from([0x05, 0x01, 0x00, 0x03, name.length]), Buffer.from(name), Buffer.from([port >> 8, port & 255])]);

  it('CONNECT by domain name: the proxy resolves it, and bytes flow', async () => {
    // a name resolving to loopback passes only because the user listed it in tools.web.allowPrivateHosts
    const p = await start(() => 'run', { 'echo.test': ['127.0.0.1'] }, ['echo.test']);
    const socket = await dial(p);
    const hello = await exchange(socket, greeting, (b) => b.length >= 2);
    expect([...hello]).toEqual([0x05, 0x00]);
    socket.removeAllListeners('data');
    const reply = await exchange(socket, connectByName('echo.test', echoPort), (b) => b.length >= 10);
    expect([...reply]).toEqual([0x05, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0]);
    socket.removeAllListeners('data');
    const back = await exchange(socket, 'socks-bytes', (b) => b.includes('bytes'));
    expect(back.toString()).toBe('socks-bytes');
    socket.destroy();
    await waitFor(() => records.length > 0);
    expect(records[0]).toEqual({ host: 'echo.test', port: echoPort, bytesOut: 11, bytesIn: 11, verdict: 'run' });
  });

  it('CONNECT by IPv4 address, and a refusal is reply 0x02 with nothing sent', async () => {
    const p = await start((t) => (t.port === echoPort ? 'auto' : 'denied'));
    const ipv4 = (port: number): Buffer => Buffer.from([0x05, 0x01, 0x00, 0x05, 0x01, 0x00, 0x01, 127, 0, 0, 1, port >> 8, port & 255]);
    const ok = await exchange(await dial(p), ipv4(echoPort), (b) => b.length >= 12);
    expect([...ok.subarray(0, 4)]).toEqual([0x05, 0x00, 0x05, 0x00]);
    const no = await exchange(await dial(p), ipv4(webPort));
    expect([...no.subarray(0, 4)]).toEqual([0x05, 0x00, 0x05, 0x02]);
    expect(seen).toEqual([]);
  });

  it('refuses other commands, other address types and no-auth-less greetings cleanly', async () => {
    const p = await start(() => 'auto');
    const bind = await exchange(await dial(p), Buffer.from([0x05, 0x01, 0x00, 0x05, 0x02, 0x00, 0x01, 127, 0, 0, 1, 0, 80]));
    expect([...bind.subarray(2, 4)]).toEqual([0x05, 0x07]);
    const weird = await exchange(await dial(p), Buffer.from([0x05, 0x01, 0x00, 0x05, 0x01, 0x00, 0x09, 1, 2, 3]));
    expect([...weird.subarray(2, 4)]).toEqual([0x05, 0x08]);
    const userpass = await exchange(await dial(p), Buffer.from([0x05, 0x01, 0x02]));
    expect([...userpass]).toEqual([0x05, 0xff]);
    expect(asked).toEqual([]);
  });
});
