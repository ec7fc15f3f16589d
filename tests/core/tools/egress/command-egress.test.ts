// One process's egress: the proxy environment, one question per host for the whole run (however many connections),
// a bound on how many hosts are asked at all, a withdrawn question when the process ends, and the model's note.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_HOSTS_ASKED, openCommandEgress, refusalNote, type CommandEgress } from '../../../../src-main/core/tools/egress/command-egress';
import type { EgressRecord, EgressVerdict } from '../../../../src-main/core/tools/egress/egress-record';

let egress: CommandEgress | undefined;
afterEach(async () => {
  await egress?.close();
  egress = undefined;
});

/** CONNECT through the proxy's socket; resolves with the status line. */
function connectThrough(e: CommandEgress, target: string): Promise<string> {
  if (e.proxy.kind !== 'unix') throw new Error('unix expected');
  const socket = connect(e.proxy.path);
  return new Promise((resolve) => {
    let all = '';
    socket.on('data', (d) => {
      all += d;
      if (all.includes('\r\n')) {
        socket.destroy();
        resolve(all.split('\r\n')[0]!);
      }
    });
    socket.on('error', () => resolve(all));
    socket.on('close', () => resolve(all.split('\r\n')[0]!));
    socket.write(`CONNECT ${target} HTTP/1.1\r\n\r\n`);
  });
}

describe('openCommandEgress', () => {
  it('points the child at 127.0.0.1:3128 in both spellings, socks5h for ALL_PROXY, nothing exempt', async () => {
    egress = await openCommandEgress({ listen: 'unix', filter: 'policy', decide: async () => 'denied', source: { kind: 'exec', command: 'x' }, sessionKey: 's' });
    expect(egress.env).toEqual({
      HTTP_PROXY: 'http://127.0.0.1:3128', http_proxy: 'http://127.0.0.1:3128',
      HTTPS_PROXY: 'http://127.0.0.1:3128', https_proxy: 'http://127.0.0.1:3128',
      ALL_PROXY: 'socks5h://127.0.0.1:3128', all_proxy: 'socks5h://127.0.0.1:3128',
      NO_PROXY: '', no_proxy: '',
    });
  });

  it('asks once per host for the whole run, and at most MAX_HOSTS_ASKED hosts; records with who and when', async () => {
    const asked: string[] = [];
    const ledger: EgressRecord[] = [];
    egress = await openCommandEgress({
      listen: 'unix',
      filter: 'policy',
      decide: async (t): Promise<EgressVerdict> => {
        asked.push(t.key);
        return 'denied';
      },
      source: { kind: 'exec', command: 'curl …' },
      sessionKey: 'desktop:s',
      ledger: { record: (e) => ledger.push(e) },
      now: () => 42,
    });
    await Promise.all([connectThrough(egress, 'a.example:443'), connectThrough(egress, 'a.example:443'), connectThrough(egress, 'a.example:443')]);
    for (let i = 0; i < MAX_HOSTS_ASKED + 3; i++) expect(await connectThrough(egress, `h${i}.example:443`)).toContain('403');
    expect(asked).toEqual(['a.example', ...Array.from({ length: MAX_HOSTS_ASKED - 1 }, (_, i) => `h${i}.example`)]);
    expect(ledger).toHaveLength(3 + MAX_HOSTS_ASKED + 3);
    expect(ledger[0]).toEqual({ at: 42, sessionKey: 'desktop:s', source: { kind: 'exec', command: 'curl …' }, host: 'a.example', port: 443, bytesOut: 0, bytesIn: 0, verdict: 'denied' });
    const refusals = await egress.close();
    expect(refusals[0]).toEqual({ key: 'a.example', verdict: 'denied' });
    const note = refusalNote(refusals);
    expect(note.split('\n').filter(Boolean)).toHaveLength(6);
    expect(note).toContain('Network: refused a.example (the user denied it)');
    expect(note).toContain(`Network: ${refusals.length - 5} more hosts refused`);
  });

  it('withdraws a question still waiting when the process ends', async () => {
    let withdrawn = false;
    egress = await openCommandEgress({
      listen: 'unix',
      filter: 'policy',
      decide: (_t, signal) =>
        new Promise<EgressVerdict>((resolve) =>
          signal.addEventListener('abort', () => {
            withdrawn = true;
            resolve('denied');
          }),
        ),
      source: { kind: 'exec', command: 'x' },
      sessionKey: 's',
    });
    const pending = connectThrough(egress, 'slow.example:443');
    await new Promise((r) => setTimeout(r, 50));
    await egress.close();
    egress = undefined;
    await pending;
    expect(withdrawn).toBe(true);
  });

  it('filter open lets every host through without asking (resolution still checked)', async () => {
    let asked = 0;
    egress = await openCommandEgress({
      listen: 'unix',
      filter: 'open',
      decide: async () => {
        asked++;
        return 'denied';
      },
      source: { kind: 'exec', command: 'x' },
      sessionKey: 's',
      resolveAll: async () => ['10.0.0.1'],
    });
    expect(await connectThrough(egress, 'intranet.example:443')).toContain('403');
    expect(asked).toBe(0);
    expect(await egress.close()).toEqual([{ key: 'intranet.example', verdict: 'address' }]);
  });
});
