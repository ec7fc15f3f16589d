// Where a URL goes, as the egress ledger names it: the canonical host without its port, and the port apart.
import { egressHost } from './egress-host';

/** `{ host, port }` of a URL: egress-host.ts's canonical host without the port, the scheme's default port filled in. */
export function egressTarget(url: URL): { host: string; port: number } {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const host = url.port ? egressHost(url).slice(0, -(url.port.length + 1)) : egressHost(url);
  return { host, port };
}
