// The window's Content-Security-Policy lets the page connect only where it must (issue 25, item 12). In Electron the
// page (file://) talks to main through the preload and connects nowhere; in the browser host it uses the host's
// WebSocket on its own origin. So injected script in a page can reach no other loopback service (another port's
// WebSocket, a dev server, a debugger) and no outside host. Real Chromium, the built pages as Electron loads them.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../e2e/helpers/chromium';
import { buildCsp } from '../../src-main/host/web/csp';

const ROOT = resolve(__dirname, '../..');

function metaCsp(html: string): string {
  const m = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  if (!m) throw new Error('no CSP meta tag');
  return m[1]!;
}

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));
}

describe('the CSP of the window pages', () => {
  it.each(['index.html', 'quick.html'])('%s: connect-src is the page itself only', (page) => {
    const csp = metaCsp(readFileSync(join(ROOT, 'src-renderer', page), 'utf8'));
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'base-uri')).toBe("base-uri 'none'");
  });

  it("the browser host's header allows its own WebSocket only", () => {
    expect(directive(buildCsp({ connectSrc: ['ws://127.0.0.1:4567', 'ws://localhost:4567'] }), 'connect-src')).toBe(
      "connect-src 'self' ws://127.0.0.1:4567 ws://localhost:4567",
    );
  });
});

describe('a built page loaded from file:// as Electron loads it', () => {
  let browser: Browser;
  let loopback: Server;
  let port: number;
  const reached: string[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
    loopback = createServer((req, res) => {
      reached.push(req.url ?? '');
      res.end('ok');
    });
    loopback.on('upgrade', (req, socket) => {
      reached.push(`ws ${req.url}`);
      socket.destroy();
    });
    await new Promise<void>((r) => loopback.listen(0, '127.0.0.1', r));
    port = (loopback.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => loopback.close(r));
  });

  it('cannot open a WebSocket or fetch to another loopback port', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (d: string) => violations.push(d));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { reportViolation(d: string): void }).reportViolation(`${e.effectiveDirective} ${e.blockedURI}`));
    });
    await page.goto(pathToFileURL(join(ROOT, 'out/renderer/index.html')).toString());
    const outcome = await page.evaluate(async (p) => {
      const ws = await new Promise<string>((done) => {
        try {
          const socket = new WebSocket(`ws://127.0.0.1:${p}/probe`);
          socket.onopen = () => done('open');
          socket.onerror = () => done('error');
        } catch (e) {
          done(`thrown ${(e as Error).name}`);
        }
      });
      const fetched = await fetch(`http://127.0.0.1:${p}/fetch`).then(
        () => 'fetched',
        () => 'refused',
      );
      return { ws, fetched };
    }, port);
    expect(outcome.ws).not.toBe('open');
    expect(outcome.fetched).toBe('refused');
    await expect.poll(() => violations.filter((v) => v.startsWith('connect-src ')).length).toBeGreaterThanOrEqual(2);
    expect(reached).toEqual([]);
    await page.close();
  });
});
