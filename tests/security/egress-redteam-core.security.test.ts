// Red team on the core behind the egress proxy, through the real agent loop: a sandboxed command (mode auto, so its
// hosts pass) tries to crash the core with what an allowed host answers, or to pile up connections in it.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useScriptedCore } from '../helpers/scripted-core';
import { openAttacker, startCountingServer, startRawServer, type CountingServer } from './helpers/egress-attack';

const t = useScriptedCore({ tempRoot: '/var/tmp' });

let plain: CountingServer;
beforeAll(async () => {
  plain = await startCountingServer('plain-answer');
});
afterAll(async () => {
  await plain.close();
});

const openFds = (): number => readdirSync('/proc/self/fd').length;

describe('mode auto: an allowed host answers what Node refuses to repeat', () => {
  it('a status code outside 100-999 (HTTP/1.1 099) reaches the command as a 502; the core lives on', async () => {
    const odd = await startRawServer('HTTP/1.1 099 Odd\r\nContent-Length: 0\r\n\r\n');
    try {
      const a = openAttacker(t, 'auto');
      const told = await a.run(`curl -s -m 10 -o /dev/null -w 'status=%{http_code}\\n' http://127.0.0.1:${odd.port}/`);
      expect(told).toContain('status=502');
      // the same core still serves the next command
      expect(await a.run(`curl -s -m 10 http://127.0.0.1:${plain.port}/after`)).toContain('plain-answer');
    } finally {
      await odd.close();
    }
  });
});

describe('mode auto: a command piles up connections to its proxy', () => {
  it('two thousand idle connections hold at most a bounded number of file descriptors in the core, none after the command', async () => {
    const a = openAttacker(t, 'auto');
    // straight to the proxy's socket (no socat process per connection); each one sends nothing and waits
    a.write(
      'pile.js',
      `const net = require('net'); let open = 0, closed = 0;
for (let i = 0; i < 2000; i++) { const s = net.connect('/run/nanotray-proxy.sock'); s.on('connect', () => open++); s.on('close', () => closed++); s.on('error', () => {}); }
setTimeout(() => { console.log('opened', open, 'closed by the proxy', closed); process.exit(0); }, 3000);
`,
    );
    const before = openFds();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, openFds())), 20);
    try {
      const told = await a.run('node pile.js');
      expect(told).toMatch(/opened \d+/);
    } finally {
      clearInterval(sampler);
    }
    expect(peak - before).toBeLessThan(400);
    expect(openFds()).toBeLessThanOrEqual(before + 5);
  });
});
