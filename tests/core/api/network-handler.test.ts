// runtime:network through the dispatcher: today's hosts from the ledger (yesterday left out), verdicts as the contract
// names them, and each host's rules on any port — never another host's that merely starts with the same letters.
import { describe, expect, it } from 'vitest';
import { createApiHandlers } from '../../../src-main/core/api/api-handlers';
import { headlessHost } from '../../../src-main/core/api/api-host';
import { createDispatcher } from '../../../src-main/core/api/dispatch';
import { runtimeNetworkOutput } from '../../../src-preload/contract/schemas';
import { useScriptedCore } from '../../helpers/scripted-core';

describe('runtime:network', () => {
  const t = useScriptedCore({ approvalMode: 'auto' });

  it("gives today's hosts with their rules, matched on the host with or without a port", async () => {
    const core = t.open({});
    const dispatch = createDispatcher(createApiHandlers(core, headlessHost('web', '1.0.0')), { logError: () => undefined });
    const now = core.clock.now();
    const row = { sessionKey: 's', port: 8080, bytesOut: 1, bytesIn: 2, source: { kind: 'web_fetch' as const } };
    core.egress.record({ ...row, at: now, host: 'docs.example', verdict: 'rule' });
    core.egress.record({ ...row, at: now - 2 * 24 * 60 * 60_000, host: 'old.example', verdict: 'rule' });
    const docsPort = core.approvals.allowHost('docs.example:8080');
    const docs = core.approvals.allowHost('docs.example');
    core.approvals.allowHost('docs.example.evil:8080');
    core.approvals.allowHost('docs.examplex');
    const answer = (await dispatch('runtime:network', undefined)) as { ok: true; value: unknown };
    expect(answer.ok).toBe(true);
    const value = runtimeNetworkOutput.parse(answer.value);
    expect(value.hosts.map((h) => h.host)).toEqual(['docs.example']);
    const [host] = value.hosts;
    expect(host).toMatchObject({ connections: 1, allowed: 1, refused: 0, bytesOut: 1, bytesIn: 2, lastVerdict: 'rule' });
    expect(host!.rules.map((r) => r.pattern).sort()).toEqual(['docs.example', 'docs.example:8080']);
    expect(host!.rules.map((r) => r.id).sort()).toEqual([docsPort, docs].map((r) => (r.ok ? r.value.id : -1)).sort());
  });
});
