// The core's one HTTP client: the SSRF guard as an option (checked on every resolved address when connecting),
// capped and decoded bodies, redirects handed back to the caller.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuardRefusal, openHttpRequest, readHttpBody, redirectLocation, type AddressGuard } from '../../../src-main/core/net/http-request';

let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if (req.url === '/moved') {
      res.writeHead(301, { location: 'https://example.test/' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`hello from ${req.headers.host}`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** A guard whose DNS maps every name to 127.0.0.1 and which refuses `refused` addresses. */
function guard(refused: string[]): AddressGuard {
  return {
    resolveAll: async () => [{ address: '127.0.0.1', family: 4 }],
    refusal: (address) => (refused.includes(address) ? `Error: ${address} is off limits` : undefined),
  };
}

describe('openHttpRequest', () => {
  it('connects through the guard’s DNS when it allows the address', async () => {
    const res = await openHttpRequest(new URL(`http://name.test:${port}/`), { guard: guard([]) });
    expect(res.statusCode).toBe(200);
    expect((await readHttpBody(res, 1000)).body.toString()).toBe(`hello from name.test:${port}`);
  });

  it('refuses before anything is sent when the guard refuses a resolved address', async () => {
    const before = hits;
    await expect(openHttpRequest(new URL(`http://name.test:${port}/`), { guard: guard(['127.0.0.1']) })).rejects.toEqual(
      new GuardRefusal('Error: 127.0.0.1 is off limits'),
    );
    expect(hits).toBe(before);
  });

  it('checks names before handing them to a proxy, which would resolve them itself', async () => {
    const before = hits;
    const request = openHttpRequest(new URL('http://name.test/'), { proxy: `http://127.0.0.1:${port}`, guard: guard(['127.0.0.1']) });
    await expect(request).rejects.toBeInstanceOf(GuardRefusal);
    expect(hits).toBe(before);
  });

  it('hands a redirect back with its Location, and caps a body', async () => {
    const moved = await openHttpRequest(new URL(`http://127.0.0.1:${port}/moved`));
    expect(redirectLocation(moved)).toBe('https://example.test/');
    moved.resume();
    const page = await openHttpRequest(new URL(`http://127.0.0.1:${port}/`));
    expect(redirectLocation(page)).toBeUndefined();
    expect(await readHttpBody(page, 5)).toEqual({ body: Buffer.from('hello'), cut: true });
  });
});
