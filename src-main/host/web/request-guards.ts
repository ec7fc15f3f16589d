// Pure checks for the browser host: loopback-only binding, Host/Origin allow-lists and the access token.
import { timingSafeEqual } from 'node:crypto';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** True for addresses that are reachable from this machine only. */
export function isLoopbackBind(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.trim().toLowerCase());
}

/** The Host header values a request to our port may carry (defends against DNS rebinding). */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

export function isAllowedHost(hostHeader: string | undefined, port: number): boolean {
  return Boolean(hostHeader) && allowedHosts(port).has(hostHeader!.toLowerCase());
}

/** The page's own origin only: `http://127.0.0.1:<port>` (or localhost / [::1]). */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (!origin) return false;
  return [...allowedHosts(port)].some((h) => origin.toLowerCase() === `http://${h}`);
}

/** Constant-time token comparison. */
export function tokenMatches(given: string | null | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
