// runtime:network: today's connections by host from the egress ledger, each with the permanent host rules that let
// it through (any port), so the window can revoke them (approvals:revoke-rule).
import type { Core } from '../../nanotray-core';
import type { EgressHost, EgressVerdictName, InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { egressVerdictSchema } from '../../../../src-preload/contract/schemas';
import type { ApprovalRule } from '../../store/approval-rules.repo';
import type { EgressHostSummary } from '../../store/egress-log.repo';
import { startOfLocalDay } from '../../store/usage.repo';
import { ipcOk } from '../ipc-values';

type NetworkHandlers = Pick<InvokeHandlers, 'runtime:network'>;

/** A stored verdict the window knows; anything else (a newer build's row) is shown as `invalid`. */
function verdictOf(stored: string): EgressVerdictName {
  const parsed = egressVerdictSchema.safeParse(stored);
  return parsed.success ? parsed.data : 'invalid';
}

/** Host rules name `host` or `host:port` (see egress-host.ts); the ledger names the host without its port. */
function rulesFor(host: string, rules: readonly ApprovalRule[]): EgressHost['rules'] {
  return rules
    .filter((r) => r.kind === 'host' && (r.pattern === host || (r.pattern.startsWith(`${host}:`) && /^\d+$/.test(r.pattern.slice(host.length + 1)))))
    .map((r) => ({ id: r.id, pattern: r.pattern }));
}

function shownHost(h: EgressHostSummary, rules: readonly ApprovalRule[]): EgressHost {
  return {
    host: h.host,
    connections: h.connections,
    allowed: h.allowed,
    refused: h.refused,
    bytesOut: h.bytesOut,
    bytesIn: h.bytesIn,
    lastAt: h.lastAt,
    lastVerdict: verdictOf(h.lastVerdict),
    uses: h.uses.map((u) => ({ ...u, verdict: verdictOf(u.verdict) })),
    rules: rulesFor(h.host, rules),
  };
}

export function createNetworkHandlers(core: Core): NetworkHandlers {
  return {
    async 'runtime:network'() {
      const now = core.clock.now();
      const rules = core.approvals.listRules();
      return ipcOk({ since: startOfLocalDay(now), hosts: core.egress.summary(now).map((h) => shownHost(h, rules)) });
    },
  };
}
