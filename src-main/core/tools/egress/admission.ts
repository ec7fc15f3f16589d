// One connection's way through the proxy: the policy's verdict first (nothing is resolved for a host nobody
// allowed, so a refused name never reaches DNS), then the name's addresses, checked, and the ledger entry.
import { lookup } from 'node:dns/promises';
import { egressAllowed, type EgressVerdict } from './egress-record';
import { isNanotrayDoor, literalAddresses, parseTarget, usableAddresses, type EgressTarget } from './egress-policy';

/** Resolves a name to all its addresses. */
export type ResolveAll = (name: string) => Promise<string[]>;

export const systemResolveAll: ResolveAll = async (name) => (await lookup(name, { all: true, verbatim: true })).map((a) => a.address);

/** What the proxy records of one connection (the caller adds who made it). */
export interface ProxiedConnection {
  host: string;
  port: number;
  bytesOut: number;
  bytesIn: number;
  verdict: EgressVerdict;
}

export interface AdmissionOptions {
  /** The policy for a well-formed target: may ask the user, never rejects. */
  decide(target: EgressTarget): Promise<EgressVerdict>;
  record(connection: ProxiedConnection): void;
  resolveAll?: ResolveAll;
  allowPrivateHosts?: readonly string[];
}

/**
 * `admitted`: connect to `address`, then call `done` with the bytes sent and received. `refused`: tell the
 * client no (already recorded). `unreachable`: the name did not resolve (allowed, but nothing to connect to).
 */
export type Admission =
  | { kind: 'admitted'; target: EgressTarget; address: string; done(bytesOut: number, bytesIn: number): void }
  | { kind: 'refused'; key: string; verdict: EgressVerdict }
  | { kind: 'unreachable'; key: string };

/** Decides one connection to `rawHost`:`port` as the client spelled it. Never rejects. */
export async function admit(rawHost: string, port: number, options: AdmissionOptions): Promise<Admission> {
  const target = parseTarget(rawHost, port);
  const refuse = (key: string, verdict: EgressVerdict, name = key, p = port): Admission => {
    options.record({ host: name, port: p, bytesOut: 0, bytesIn: 0, verdict });
    return { kind: 'refused', key, verdict };
  };
  if (!target) return refuse(`${rawHost.slice(0, 200)}:${port}`, 'invalid', rawHost.slice(0, 200));
  const literal = literalAddresses(target.name);
  if (literal?.some((a) => isNanotrayDoor(a, port))) return refuse(target.key, 'nanotray', target.name);
  let verdict: EgressVerdict;
  try {
    verdict = await options.decide(target);
  } catch {
    verdict = 'denied';
  }
  if (!egressAllowed(verdict)) return refuse(target.key, verdict, target.name);
  let addresses: string[];
  try {
    addresses = literal ?? (await (options.resolveAll ?? systemResolveAll)(target.name));
  } catch {
    options.record({ host: target.name, port, bytesOut: 0, bytesIn: 0, verdict });
    return { kind: 'unreachable', key: target.key };
  }
  if (addresses.some((a) => isNanotrayDoor(a, port))) return refuse(target.key, 'nanotray', target.name);
  const usable = usableAddresses(target, addresses, options.allowPrivateHosts ?? []);
  const address = usable[0];
  if (address === undefined) return refuse(target.key, addresses.length > 0 ? 'address' : 'invalid', target.name);
  let recorded = false;
  return {
    kind: 'admitted',
    target,
    address,
    done(bytesOut, bytesIn) {
      if (recorded) return;
      recorded = true;
      options.record({ host: target.name, port, bytesOut, bytesIn, verdict });
    },
  };
}
