// The TCP ports Nanotray itself listens on (the browser host, OAuth callbacks, the egress proxy on macOS): no
// sandboxed process may connect to them, whatever the mode or rule.
import type { Disposer } from './disposable';

const ports = new Map<number, number>();

/** Marks `port` as one of Nanotray's own until the disposer runs (counted: two listeners on one port need two). */
export function registerOwnPort(port: number): Disposer {
  ports.set(port, (ports.get(port) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const left = (ports.get(port) ?? 1) - 1;
    if (left > 0) ports.set(port, left);
    else ports.delete(port);
  };
}

/** Ports another process of the same home listens on (the browser host another process runs), read when asked. */
const sources = new Set<() => number[]>();

/** Adds a source of ports other processes listen on; returns its disposer. */
export function addOwnPortSource(source: () => number[]): Disposer {
  sources.add(source);
  return () => void sources.delete(source);
}

/** Whether something of Nanotray's listens on `port`: in this process, or another process of this home. */
export function isOwnPort(port: number): boolean {
  if (ports.has(port)) return true;
  for (const source of sources) {
    try {
      if (source().includes(port)) return true;
    } catch {
      // a source that cannot be read names no port
    }
  }
  return false;
}
