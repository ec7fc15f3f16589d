// The egress of one sandboxed process (an exec command; an MCP stdio server uses the same): its proxy, the
// environment that points there, the policy asked at most once per host for its whole run, and the note the
// model reads about what was refused.
import { egressAllowed, type EgressLedger, type EgressSource, type EgressVerdict } from './egress-record';
import type { EgressTarget } from './egress-policy';
import { refusalReason } from './egress-policy';
import type { ResolveAll } from './admission';
import { MAX_REFUSALS_KEPT, startEgressProxy, type EgressRefusal, type ProxyListen } from './proxy-server';
import { proxyEnvironment } from './proxy-env';
import { SANDBOX_PROXY_PORT } from '../os-sandbox/bwrap-argv';
import type { ProxyAddress } from '../os-sandbox/exec-sandbox';

/**
 * At most this many hosts are asked about for one process: a command that tries host after host would otherwise
 * bury the user in questions until one is waved through. Later new hosts are refused unasked.
 */

/** Refused connections of one command written to the ledger at most (allowed ones are all written). */
export const MAX_REFUSALS_RECORDED = 200;
export const MAX_HOSTS_ASKED = 5;

/** Verdicts the table gave without asking anyone: never kept for the run, so revoking a rule takes effect. */
const NOT_REMEMBERED: ReadonlySet<EgressVerdict> = new Set(['rule', 'run', 'auto']);

export interface CommandEgressOptions {
  listen: ProxyListen['kind'];
  /** `open`: every host passes (tools.exec.network "on"); `policy`: `decide` says. */
  filter: 'open' | 'policy';
  /** The host policy (rules, mode, asking the user): called once per host for this process's life. */
  decide(target: EgressTarget, signal: AbortSignal): Promise<EgressVerdict>;
  source: EgressSource;
  sessionKey: string;
  ledger?: EgressLedger;
  resolveAll?: ResolveAll;
  allowPrivateHosts?: readonly string[];
  now?(): number;
}

export interface CommandEgress {
  /** For ExecSandbox.wrap. */
  proxy: ProxyAddress;
  /** HTTP_PROXY, ALL_PROXY, … for the child. */
  env: Record<string, string>;
  /** Stops the proxy (a question still waiting is withdrawn); resolves with what was refused. */
  close(): Promise<EgressRefusal[]>;
}

/** Starts the proxy of one process. */
export async function openCommandEgress(options: CommandEgressOptions): Promise<CommandEgress> {
  const life = new AbortController();
  const now = options.now ?? Date.now;
  // one answer per host for the whole run: parallel connections wait for the same question, and "allow once" means
  // this command (or server run), not this one socket
  const verdicts = new Map<string, Promise<EgressVerdict>>();
  const decide = (target: EgressTarget): Promise<EgressVerdict> => {
    if (options.filter === 'open') return Promise.resolve('open');
    let verdict = verdicts.get(target.key);
    // past the bound a new host is refused without being remembered (a name per connection would grow the map)
    if (!verdict && verdicts.size >= MAX_HOSTS_ASKED) return Promise.resolve('denied');
    if (!verdict) {
      verdict = options.decide(target, life.signal).catch((): EgressVerdict => 'denied');
      verdicts.set(target.key, verdict);
      // what a rule, --allow-host or the mode allowed is looked up again for the next connection: a rule the user
      // revokes while the command runs ends with it (an answer the user gave holds for the run)
      void verdict.then((v) => {
        if (NOT_REMEMBERED.has(v)) verdicts.delete(target.key);
      });
    }
    return verdict;
  };
  let refusedRecorded = 0;
  const proxy = await startEgressProxy(
    { kind: options.listen },
    {
      decide,
      record: (c) => {
        // a command refused on every connection (a name per connection) would fill the ledger and hold the core's
        // event loop on inserts: its first refusals are kept, and the model's note counts the rest
        if (!egressAllowed(c.verdict) && ++refusedRecorded > MAX_REFUSALS_RECORDED) return;
        try {
          options.ledger?.record({ at: now(), sessionKey: options.sessionKey, source: options.source, ...c });
        } catch {
          // the ledger never stops a connection
        }
      },
      ...(options.resolveAll ? { resolveAll: options.resolveAll } : {}),
      ...(options.allowPrivateHosts ? { allowPrivateHosts: options.allowPrivateHosts } : {}),
    },
  );
  const port = proxy.address.kind === 'tcp' ? proxy.address.port : SANDBOX_PROXY_PORT;
  return {
    proxy: proxy.address,
    env: proxyEnvironment(port),
    async close() {
      life.abort();
      await proxy.close();
      return proxy.refusals();
    },
  };
}

/** The lines appended to a command's result for what its proxy refused ('' when nothing was). */
export function refusalNote(refusals: readonly EgressRefusal[]): string {
  if (refusals.length === 0) return '';
  const shown = refusals.slice(0, 5).map((r) => `Network: refused ${r.key} (${refusalReason(r.verdict)})`);
  const more = refusals.length >= MAX_REFUSALS_KEPT ? '+' : '';
  if (refusals.length > 5) shown.push(`Network: ${refusals.length - 5}${more} more hosts refused`);
  return `\n${shown.join('\n')}`;
}
