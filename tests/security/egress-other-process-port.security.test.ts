// Nanotray's own doors in another process: the browser host that the daemon or `nanotray web` runs on this home
// (its port in run/web-host.json) is refused to a sandboxed command of this process too, in mode auto and with the
// network unfiltered, as this process's own ports are (found by the egress red team).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useScriptedCore } from '../helpers/scripted-core';
import { openAttacker, startCountingServer, type CountingServer } from './helpers/egress-attack';

const t = useScriptedCore({ approvalMode: 'auto', tempRoot: '/var/tmp' });
let other: CountingServer;
beforeAll(async () => {
  other = await startCountingServer('browser-host-of-another-process');
});
afterAll(() => other.close());

describe("another process's browser host", () => {
  it.each([['ask' as const], ['on' as const]])('is refused in mode auto (network %s), found through run/web-host.json', async (network) => {
    const a = openAttacker(t, 'auto', { exec: { network } });
    // Another process of this home started `nanotray web` on that port after this core started.
    const home = t.home.home;
    mkdirSync(join(home, 'run'), { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'run', 'web-host.json'), JSON.stringify({ port: other.port, token: 'T'.repeat(40) }), { mode: 0o600 });
    const told = await a.run(`curl -s -m 5 http://127.0.0.1:${other.port}/api; curl -s -m 5 -x socks5h://127.0.0.1:3128 http://localhost:${other.port}/; echo done`);
    expect(other.hits).toEqual([]);
    expect(told).not.toContain('browser-host-of-another-process');
    expect(a.ledger.map((e) => e.verdict)).toEqual(['nanotray', 'nanotray']);
  });
});
