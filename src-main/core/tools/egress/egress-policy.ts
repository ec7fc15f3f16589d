// What a connection through the egress proxy may reach: the target's canonical name, the addresses a name may
// resolve to (no loopback or private address behind a public-looking name), Nanotray's own ports, and the one-line
// reason a refusal gives to the command and the model.
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { isOwnPort } from '../../lib/own-ports';
import { assertNever } from '../../lib/assert-never';
import { connectionHost } from './egress-host';
import { blockedAddressKind, isAllowedPrivateHost } from '../web/url-guard';
import type { EgressVerdict } from './egress-record';

/** Where a connection wants to go. */
export interface EgressTarget {
  /** Canonical host name or address literal, without port (IPv6 in brackets). */
  name: string;
  port: number;
  /** What rules and answers name: `name`, with `:port` unless it is 80 or 443. */
  key: string;
}

/** The target of a CONNECT / SOCKS request as the client spelled it; undefined when it is no host. */
export function parseTarget(rawHost: string, port: number): EgressTarget | undefined {
  const key = connectionHost(rawHost, port);
  if (!key) return undefined;
  const name = port === 80 || port === 443 ? key : key.slice(0, key.length - `:${port}`.length);
  return { name, port, key };
}

const bare = (name: string): string => name.replace(/^\[|\]$/g, '');

/** The name is an address literal or `localhost`: whoever allowed it allowed that very address. */
export function namesAnAddress(name: string): boolean {
  return isIP(bare(name)) !== 0 || name === 'localhost';
}

/** The addresses a literal target stands for without any lookup (`localhost` is loopback, never DNS). */
export function literalAddresses(name: string): string[] | undefined {
  if (name === 'localhost') return ['127.0.0.1', '::1'];
  return isIP(bare(name)) !== 0 ? [bare(name)] : undefined;
}

function isThisMachine(address: string): boolean {
  const kind = blockedAddressKind(address);
  if (kind === 'a loopback' || kind === 'an unspecified') return true;
  return Object.values(networkInterfaces()).some((list) => list?.some((i) => i.address === address));
}

/** A door of Nanotray's own (browser host, OAuth callback, the proxy itself): refused in every mode. */
export function isNanotrayDoor(address: string, port: number): boolean {
  return isOwnPort(port) && isThisMachine(address);
}

/**
 * The addresses of a resolved name this connection may use: a loopback, private or link-local address only when
 * the target names it (a literal, `localhost`) or the user listed the name in tools.web.allowPrivateHosts, so a
 * public name cannot be pointed at the user's own services (DNS rebinding).
 */
export function usableAddresses(target: EgressTarget, addresses: readonly string[], allowPrivateHosts: readonly string[]): string[] {
  if (namesAnAddress(target.name) || isAllowedPrivateHost(target.name, allowPrivateHosts)) return [...addresses];
  return addresses.filter((a) => blockedAddressKind(a) === undefined);
}

/** The one-line reason a refused connection gives (HTTP 403 body, the model's note). */
export function refusalReason(verdict: EgressVerdict): string {
  switch (verdict) {
    case 'denied':
      return 'the user denied it';
    case 'unattended':
      return 'nobody could approve it; a host rule or --allow-host lets it through';
    case 'readonly':
      return 'approvals are read-only and no host rule allows it';
    case 'nanotray':
      return "it is one of Nanotray's own ports, which commands never reach";
    case 'address':
      return 'the name resolves to a loopback or private address; name that address itself to reach it';
    case 'invalid':
      return 'not a request the proxy understands';
    case 'rule':
    case 'once':
    case 'always':
    case 'auto':
    case 'open':
    case 'run':
      return 'allowed';
    default:
      return assertNever(verdict);
  }
}
