// Red team on the core behind the egress proxy, through the real agent loop: a sandboxed command (mode auto, so its
// hosts pass) tries to crash the core with what an allowed host answers.
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
