// What the fake `electron` plays besides recording: the OS it behaves as, whether `app` is ready (ready-only APIs
// throw before, with Electron's words), and whether a macOS build is signed (unsigned: notifications never show).
import { EventEmitter } from 'node:events';

export type FakeOs = 'linux' | 'win32' | 'darwin';

export interface FakePlatform {
  os: FakeOs;
  ready: boolean;
  /** macOS: a Developer ID signature (notifications are delivered only then). */
  signed: boolean;
}

export const fakePlatform: FakePlatform = { os: 'linux', ready: true, signed: true };

/** Throws what Electron throws when `what` is used before `app` is ready. */
export function requireReady(message: string): void {
  if (!fakePlatform.ready) throw new Error(message);
}

/** A listener of the fake's events; Electron's own listener types are checked where the fakes `implements` them. */
export type Listener = (...args: any[]) => void;

/** EventEmitter methods with Electron's `this`-returning shape. */
export class Emitting {
  readonly emitter = new EventEmitter();
  on(event: string, listener: Listener): this {
    this.emitter.on(event, listener);
    return this;
  }
  once(event: string, listener: Listener): this {
    this.emitter.once(event, listener);
    return this;
  }
  off(event: string, listener: Listener): this {
    this.emitter.off(event, listener);
    return this;
  }
  removeListener(event: string, listener: Listener): this {
    return this.off(event, listener);
  }
  emit(event: string, ...args: unknown[]): boolean {
    return this.emitter.emit(event, ...args);
  }
}

/**
 * The URL Chromium gives a page loaded with `loadFile(path)`: on Windows the path's drive letter is upper-cased
 * (`c:\…` → `file:///C:/…`) and backslashes become slashes.
 */
export function chromiumFileUrl(path: string, os: FakeOs): string {
  if (os !== 'win32') return new URL(`file://${path.split('/').map(encodeURIComponent).join('/')}`).href;
  const slashed = path.replace(/\\/g, '/').replace(/^([a-zA-Z]):/, (_m, drive: string) => `${drive.toUpperCase()}:`);
  return new URL(`file:///${slashed.split('/').map((part, i) => (i === 0 ? part : encodeURIComponent(part))).join('/')}`).href;
}
