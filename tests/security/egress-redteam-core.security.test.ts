// Red team on the core behind the egress proxy, through the real agent loop: a sandboxed command (mode auto, so its
// hosts pass) tries to crash the core with what an allowed host answers, or to pile up connections in it.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REFUSALS_KEPT } from '../../src-main/core/tools/egress/proxy-server';
import { useScriptedCore } from '../helpers/scripted-core';
import { openAttacker, startCountingServer, startRawServer, type CountingServer } from './helpers/egress-attack';
import { MAX_REFUSALS_RECORDED } from '../../src-main/core/tools/egress/command-egress';

const t = useScriptedCore({ approvalMode: 'auto', tempRoot: '/var/tmp' });

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

describe('mode ask, nobody at a terminal: a command tries host after host', () => {
  it('1,500 distinct names are all refused, and the core keeps a bounded list of them (the note says "or more")', async () => {
    const a = openAttacker(t, 'ask');
    a.allowCommand('node names.js');
    // SOCKS5 straight to the proxy's socket, 16 at a time, each a new 200-character name
    a.write(
      'names.js',
      `const net = require('net'); let n = 0, refused = 0;
const one = () => new Promise((done) => { const name = 'h' + n++ + '-' + 'x'.repeat(60) + '.' + 'y'.repeat(60) + '.example'; const s = net.connect('/run/nanotray-proxy.sock');
  s.on('connect', () => s.write(Buffer.concat([Buffer.from([5, 1, 0, 5, 1, 0, 3, name.length]), Buffer.from(name), Buffer.from([0, 80])])));
  s.on('data', (d) => { if (d.length > 2) { if (d[d.length - 9] === 2) refused++; s.destroy(); } }); s.on('close', done); s.on('error', () => {}); });
(async () => { await Promise.all(Array.from({ length: 16 }, async () => { while (n < 1500) await one(); })); console.log('refused', refused); })();
`,
    );
    const told = await a.run('node names.js');
    expect(told).toMatch(/refused 15\d\d/);
    expect(told).toContain(`Network: ${MAX_REFUSALS_KEPT - 5}+ more hosts refused`);
    // The ledger keeps the first refusals of the command, not one row per name (a flood held the core on inserts).
    expect(a.ledger.filter((e) => e.verdict === 'unattended' || e.verdict === 'denied')).toHaveLength(MAX_REFUSALS_RECORDED);
  });
});
