// SSRF fence for web_fetch: http/https only, and no loopback, private, link-local or cloud-metadata addresses
// (checked on the resolved IPs, at connection time, for every redirect) unless the host is explicitly allowed.
import { BlockList, isIP } from 'node:net';
import { errResult, okResult, type Result } from '../../lib/result';
import { toolError, type ToolError } from '../../lib/tool-error';

interface Range {
  net: string;
  prefix: number;
  kind: string;
}

const V4_RANGES: Range[] = [
  { net: '0.0.0.0', prefix: 8, kind: 'an unspecified' },
  { net: '10.0.0.0', prefix: 8, kind: 'a private' },
  { net: '100.64.0.0', prefix: 10, kind: 'a shared (carrier-grade NAT)' },
  { net: '127.0.0.0', prefix: 8, kind: 'a loopback' },
  { net: '169.254.0.0', prefix: 16, kind: 'a link-local (cloud metadata)' },
  { net: '172.16.0.0', prefix: 12, kind: 'a private' },
  { net: '192.0.0.0', prefix: 24, kind: 'a reserved' },
  { net: '192.168.0.0', prefix: 16, kind: 'a private' },
  { net: '198.18.0.0', prefix: 15, kind: 'a reserved (benchmarking)' },
  { net: '224.0.0.0', prefix: 4, kind: 'a multicast' },
  { net: '240.0.0.0', prefix: 4, kind: 'a reserved' },
];
const V6_RANGES: Range[] = [
  { net: '::', prefix: 128, kind: 'an unspecified' },
  { net: '::1', prefix: 128, kind: 'a loopback' },
  { net: 'fc00::', prefix: 7, kind: 'a private (unique local, also cloud metadata)' },
  { net: 'fe80::', prefix: 10, kind: 'a link-local' },
  { net: 'ff00::', prefix: 8, kind: 'a multicast' },
];

function blockListOf(ranges: Range[], type: 'ipv4' | 'ipv6'): Array<{ list: BlockList; kind: string }> {
  return ranges.map((r) => {
    const list = new BlockList();
    list.addSubnet(r.net, r.prefix, type);
    return { list, kind: r.kind };
  });
}
const V4_LISTS = blockListOf(V4_RANGES, 'ipv4');
const V6_LISTS = blockListOf(V6_RANGES, 'ipv6');

/** The IPv4 address embedded in an IPv4-mapped/compatible/NAT64 IPv6 address, if any. */
function embeddedIpv4(ip: string): string | undefined {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return undefined;
}

/** Why an IP must not be fetched ("a loopback", "a private", …), or undefined for a public address. */
export function blockedAddressKind(ip: string): string | undefined {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return V4_LISTS.find((l) => l.list.check(bare, 'ipv4'))?.kind;
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return blockedAddressKind(v4);
    return V6_LISTS.find((l) => l.list.check(bare, 'ipv6'))?.kind;
  }
  return 'an unparseable';
}

/** True when the URL's host is listed in `tools.web.allowPrivateHosts` (exact hostname or IP, any case). */
export function isAllowedPrivateHost(hostname: string, allowPrivateHosts: readonly string[]): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return allowPrivateHosts.some((h) => h.replace(/^\[|\]$/g, '').toLowerCase() === host);
}

/** The model-facing refusal for a blocked address. */
export function blockedAddressError(url: string, address: string, kind: string): string {
  return (
    `Error: web_fetch refused ${url}: ${address} is ${kind} address. Loopback, private, link-local and cloud-metadata ` +
    'addresses are off limits unless the user lists the host in tools.web.allowPrivateHosts.'
  );
}

/** Parses a URL and accepts only http and https (no credentials in it). */
export function parseFetchUrl(raw: string): Result<URL, ToolError> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return errResult(toolError('invalid_args', `Error: Invalid URL: ${raw}. Give a full http:// or https:// URL.`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return errResult(toolError('invalid_args', `Error: web_fetch only fetches http and https URLs, not ${url.protocol}`));
  }
  if (url.username || url.password) return errResult(toolError('refused', 'Error: URLs with user names or passwords are not fetched.'));
  return okResult(url);
}

/**
 * Checks one hop before connecting: an IP-literal host is checked right away; a named host is checked on its
 * resolved addresses by the connection's `lookup` (see guarded-http.ts), so DNS cannot change the answer in between.
 */
export function checkHostLiteral(url: URL, allowPrivateHosts: readonly string[]): Result<void, ToolError> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isAllowedPrivateHost(host, allowPrivateHosts) || isIP(host) === 0) return okResult(undefined);
  const kind = blockedAddressKind(host);
  return kind ? errResult(toolError('refused', blockedAddressError(url.href, host, kind))) : okResult(undefined);
}
