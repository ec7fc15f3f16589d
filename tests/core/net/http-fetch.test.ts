// The fetch on the core's HTTP client: request/response basics, streaming, aborts, broken connections, redirects, caps.
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpFetch } from '../../../src-main/core/net/http-fetch';

const nodeHttpFetch = createHttpFetch();

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    if (req.url === '/echo') {
      res.writeHead(201, { 'content-type': 'application/json', 'x-multi': ['a', 'b'] });
      res.end(JSON.stringify({ method: req.method, auth: req.headers.authorization, length: req.headers['content-length'], body }));
    } else if (req.url === '/moved') {
      res.writeHead(302, { location: '/echo' });
      res.end();
    } else if (req.url === '/see-other') {
      res.writeHead(303, { location: '/echo' });
      res.end();
    } else if (req.url === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else if (req.url === '/gzip') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(gzipSync('unpacked text'));
    } else if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x'.repeat(100_000));
    } else if (req.url === '/empty') {
      res.writeHead(204);
      res.end();
    } else if (req.url === '/slow') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first');
      // never ends; the client aborts
    } else if (req.url === '/drop') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
      setTimeout(() => res.socket?.destroy(), 20);
    } else {
      res.writeHead(404);
      res.end('nope');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function readAll(res: Response): Promise<string> {
  return new TextDecoder().decode(await res.arrayBuffer());
}

describe('createHttpFetch', () => {
  it('sends method, headers and body; returns status, headers and body', async () => {
    const res = await nodeHttpFetch(`${base}/echo`, { method: 'POST', headers: new Headers({ Authorization: 'Bearer k' }), body: '{"a":1}' });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-multi')).toBe('a, b');
    expect(JSON.parse(await readAll(res))).toEqual({ method: 'POST', auth: 'Bearer k', length: '7', body: '{"a":1}' });
  });

  it('accepts plain-object headers and a URL object', async () => {
    const res = await nodeHttpFetch(new URL(`${base}/echo`), { method: 'PUT', headers: { authorization: 'Bearer z' } });
    expect(JSON.parse(await readAll(res))).toMatchObject({ method: 'PUT', auth: 'Bearer z', body: '' });
  });

  it('gives a null body for 204', async () => {
    const res = await nodeHttpFetch(`${base}/empty`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
  });

  it('aborting while the body streams errors the reader with an AbortError', async () => {
    const controller = new AbortController();
    const res = await nodeHttpFetch(`${base}/slow`, { signal: controller.signal });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first');
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('an already aborted signal rejects at once', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(nodeHttpFetch(`${base}/echo`, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a body that breaks off errors with TypeError terminated', async () => {
    const res = await nodeHttpFetch(`${base}/drop`);
    await expect(readAll(res)).rejects.toMatchObject({ name: 'TypeError', message: 'terminated' });
  });

  it('a refused connection rejects like fetch: TypeError with the socket error as cause', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await expect(nodeHttpFetch(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
  });

  it('returns a redirect as it is by default, and follows it when asked (303 turns a POST into a GET)', async () => {
    const plain = await nodeHttpFetch(`${base}/moved`);
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toBe('/echo');
    const following = createHttpFetch({ maxRedirects: 5 });
    const moved = await following(`${base}/moved`, { method: 'PUT', body: 'kept' });
    expect(JSON.parse(await readAll(moved))).toMatchObject({ method: 'PUT', body: 'kept' });
    const seeOther = await following(`${base}/see-other`, { method: 'POST', body: 'dropped' });
    expect(JSON.parse(await readAll(seeOther))).toMatchObject({ method: 'GET', body: '' });
    expect((await following(`${base}/loop`)).status).toBe(302);
  });

  it('with sameOriginRedirects, follows a redirect on the same origin only', async () => {
    const sameOrigin = createHttpFetch({ maxRedirects: 5, sameOriginRedirects: true });
    expect(JSON.parse(await readAll(await sameOrigin(`${base}/moved`)))).toMatchObject({ method: 'GET' });
    const other = base.replace('127.0.0.1', 'localhost'); // the same server under another origin
    const away = createServer((_req, res) => {
      res.writeHead(302, { location: `${other}/echo` });
      res.end();
    });
    await new Promise<void>((r) => away.listen(0, '127.0.0.1', r));
    const res = await sameOrigin(`http://127.0.0.1:${(away.address() as AddressInfo).port}/`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${other}/echo`);
    await new Promise((r) => away.close(r));
  });

  it('decodes a gzip body and cuts a body at maxBytes', async () => {
    expect(await readAll(await nodeHttpFetch(`${base}/gzip`))).toBe('unpacked text');
    const capped = createHttpFetch({ maxBytes: 1000 });
    expect(await readAll(await capped(`${base}/big`))).toBe('x'.repeat(1000));
  });
});
