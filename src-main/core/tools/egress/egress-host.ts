// The host an egress approval is about: one canonical spelling per destination, so a rule cannot be dodged.
import { domainToUnicode } from 'node:url';
import { failure, type ServiceError } from '../../lib/core-error';
import { okResult, type Result } from '../../lib/result';

/**
 * The canonical host of a parsed URL: the WHATWG parser already lower-cases, decodes `%41`, turns IDN into
 * punycode (`xn--…`) and numeric IPv4 forms into dotted quads; this also drops trailing dots (`example.com.`
 * is the same DNS name) and adds the port when it is not the scheme's default (`127.0.0.1:8080`), since
 * another port can be another service. IPv6 literals keep their brackets.
 */
export function egressHost(url: URL): string {
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  return url.port ? `${host}:${url.port}` : host;
}

/** The canonical host of a URL or bare host name typed by a user (`Example.COM`, `https://x.org/a`). */
export function parseEgressHost(input: string): Result<string, ServiceError<'invalid'>> {
  const raw = input.trim();
  if (!raw) return failure('invalid', 'Error: the host is empty');
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return failure('invalid', `Error: "${input}" is not a host name or URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return failure('invalid', `Error: "${input}" is not an http(s) host`);
  if (url.username || url.password) return failure('invalid', `Error: "${input}" contains a user name or password; give the host only`);
  const host = egressHost(url);
  return host ? okResult(host) : failure('invalid', `Error: "${input}" has no host name`);
}

/**
 * How a host looks to a person, when that differs from what is contacted: `xn--exmple-4nf.com` is shown
 * as `exаmple.com` (with a Cyrillic а). Undefined when the ASCII form is all there is.
 */
export function unicodeLookalike(host: string): string | undefined {
  if (!/(^|\.)xn--/i.test(host)) return undefined;
  const unicode = domainToUnicode(host.replace(/:\d+$/, ''));
  return unicode && unicode !== host ? unicode : undefined;
}

/**
 * The canonical host of a raw connection (a proxy's CONNECT or SOCKS target): the same spelling as for a URL,
 * with 80 and 443 both counted as default (a rule for `example.com` covers http and https alike, as for web_fetch).
 * Undefined for what is no host name (empty, a URL, spaces, user info).
 */
export function connectionHost(host: string, port: number): string | undefined {
  const bare = host.replace(/^\[|\]$/g, '');
  if (!bare || !Number.isInteger(port) || port < 1 || port > 65535 || /[\s/@?#\\]/.test(bare)) return undefined;
  let url: URL;
  try {
    url = new URL(`http://${bare.includes(':') ? `[${bare}]` : bare}:${port}/`);
  } catch {
    return undefined;
  }
  const name = egressHost(url).replace(/:\d+$/, '');
  if (!name) return undefined;
  return port === 80 || port === 443 ? name : `${name}:${port}`;
}
