// A fake `electron` module for shell tests (vi.mock('electron', () => import('./helpers/fake-electron'))): records
// what the shell asked Electron to do, lets tests fire events, and plays the platforms (fake-electron-platform.ts).
// Each fake is typed against Electron 45's electron.d.ts: the members the shell uses are `Pick`ed from the real
// interfaces, so an API that changes shape fails `npm run typecheck` here. `any` only for loosely shaped menu items.
import type * as Electron from 'electron';
import { Emitting, fakePlatform, requireReady, type FakeOs, type Listener } from './fake-electron-platform';
import { BrowserWindow, FakeWebContents, type FakeFrame } from './fake-electron-windows';
import { Menu, nativeImage, Notification, Tray } from './fake-electron-tray';
import { app, powerMonitor, resetApp } from './fake-electron-app';

export { app, BrowserWindow, FakeWebContents, fakePlatform, Menu, nativeImage, Notification, powerMonitor, Tray };

/** An IPC event as Electron hands it to a handler: the sending WebContents and the frame that sent it. */
export interface FakeIpcEvent {
  sender?: FakeWebContents;
  senderFrame: FakeFrame | null;
}

export const ipcMain = new (class FakeIpcMain implements Pick<Electron.IpcMain, 'handle' | 'removeHandler'> {
  handlers = new Map<string, Listener>();
  handle(channel: string, handler: (event: Electron.IpcMainInvokeEvent, ...args: any[]) => Promise<any> | any): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** A page calls `ipcRenderer.invoke(channel, payload)`: the handler gets the page's top frame as the sender. */
  invokeFrom(page: FakeWebContents, channel: string, payload?: unknown): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) return Promise.reject(new Error(`No handler registered for '${channel}'`));
    const event: FakeIpcEvent = { sender: page, senderFrame: page.mainFrame };
    return Promise.resolve(handler(event, payload));
  }
})();

export const globalShortcut = new (class FakeGlobalShortcut implements Pick<Electron.GlobalShortcut, 'register' | 'unregister'> {
  /** Accelerators another application holds. */
  taken = new Set<string>();
  registered = new Map<string, () => void>();
  register(accelerator: string, callback: () => void): boolean {
    requireReady('globalShortcut cannot be used before the app is ready');
    if (!/^[A-Za-z]+(\+[A-Za-z0-9]+)*$/.test(accelerator)) throw new Error(`Failed to parse accelerator ${accelerator}`);
    if (this.taken.has(accelerator)) return false;
    this.registered.set(accelerator, callback);
    return true;
  }
  unregister(accelerator: string): void {
    this.registered.delete(accelerator);
  }
})();

const SCREEN_BEFORE_READY = "The 'screen' module can't be used before the app 'ready' event";

export const screen = new (class FakeScreen implements Pick<Electron.Screen, 'getCursorScreenPoint' | 'getDisplayNearestPoint'> {
  cursor: Electron.Point = { x: 500, y: 400 };
  workArea: Electron.Rectangle = { x: 0, y: 0, width: 1920, height: 1080 };
  getCursorScreenPoint(): Electron.Point {
    requireReady(SCREEN_BEFORE_READY);
    return { ...this.cursor };
  }
  getDisplayNearestPoint(_point: Electron.Point): Electron.Display {
    requireReady(SCREEN_BEFORE_READY);
    return { workArea: { ...this.workArea } } as Electron.Display;
  }
})();

export const shell = new (class FakeShell implements Pick<Electron.Shell, 'openExternal' | 'openPath'> {
  opened: string[] = [];
  openedPaths: string[] = [];
  async openExternal(url: string, _options?: Electron.OpenExternalOptions): Promise<void> {
    this.opened.push(url);
  }
  async openPath(path: string): Promise<string> {
    this.openedPaths.push(path);
    return '';
  }
})();

export const dialog = new (class FakeDialog implements Pick<Electron.Dialog, 'showErrorBox'> {
  errors: [string, string][] = [];
  /** What showErrorBox wrote to stderr instead (Linux before ready: no dialog appears). */
  stderr: [string, string][] = [];
  showErrorBox(title: string, content: string): void {
    if (!fakePlatform.ready && fakePlatform.os === 'linux') this.stderr.push([title, content]);
    else this.errors.push([title, content]);
  }
})();

type Backend = ReturnType<Electron.SafeStorage['getSelectedStorageBackend']>;

type UsedSafeStorage =
  | 'isEncryptionAvailable'
  | 'isAsyncEncryptionAvailable'
  | 'encryptString'
  | 'encryptStringAsync'
  | 'decryptString'
  | 'decryptStringAsync'
  | 'getSelectedStorageBackend';

export const safeStorage = new (class FakeSafeStorage implements Pick<Electron.SafeStorage, UsedSafeStorage> {
  available = true;
  backend: Backend = 'gnome_libsecret';
  /** Linux reports a keyring only once the app is ready. */
  isEncryptionAvailable(): boolean {
    return this.available && (fakePlatform.ready || fakePlatform.os !== 'linux');
  }
  async isAsyncEncryptionAvailable(): Promise<boolean> {
    return this.isEncryptionAvailable();
  }
  encryptString(plain: string): Buffer {
    return Buffer.from(`sealed(${plain})`, 'utf8');
  }
  async encryptStringAsync(plain: string): Promise<Buffer> {
    return this.encryptString(plain);
  }
  decryptString(buf: Buffer): string {
    const m = /^sealed\((.*)\)$/s.exec(buf.toString('utf8'));
    if (!m) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return m[1]!;
  }
  async decryptStringAsync(buf: Buffer): Promise<Electron.DecryptStringAsyncReturnValue> {
    return { result: this.decryptString(buf), shouldReEncrypt: false };
  }
  getSelectedStorageBackend(): Backend {
    return fakePlatform.ready ? this.backend : 'unknown';
  }
})();

/** Clears every recording between tests; the app is ready, on Linux, signed, unless `platform` says otherwise. */
export function resetFakeElectron(platform: Partial<{ os: FakeOs; ready: boolean; signed: boolean }> = {}): void {
  fakePlatform.os = platform.os ?? 'linux';
  fakePlatform.ready = platform.ready ?? true;
  fakePlatform.signed = platform.signed ?? true;
  BrowserWindow.instances = [];
  Tray.instances = [];
  Notification.instances = [];
  Notification.delivered = [];
  Notification.supported = true;
  ipcMain.handlers.clear();
  globalShortcut.taken.clear();
  globalShortcut.registered.clear();
  shell.opened = [];
  shell.openedPaths = [];
  dialog.errors = [];
  dialog.stderr = [];
  safeStorage.available = true;
  safeStorage.backend = 'gnome_libsecret';
  resetApp();
}

/** Renderer-side fakes for the preload test. */
export const contextBridge = new (class FakeContextBridge implements Pick<Electron.ContextBridge, 'exposeInMainWorld'> {
  exposed = new Map<string, unknown>();
  exposeInMainWorld(key: string, api: any): void {
    this.exposed.set(key, api);
  }
})();

export const ipcRenderer = new (class extends Emitting {
  invoked: [string, unknown][] = [];
  listeners = new Map<string, Set<Listener>>();
  async invoke(channel: string, ...args: any[]): Promise<any> {
    this.invoked.push([channel, args[0]]);
    return { ok: true, value: { channel } };
  }
  override on(channel: string, listener: Listener): this {
    const set = this.listeners.get(channel) ?? new Set();
    set.add(listener);
    this.listeners.set(channel, set);
    return this;
  }
  override removeListener(channel: string, listener: Listener): this {
    this.listeners.get(channel)?.delete(listener);
    return this;
  }
  /** Main sends a push on `channel`. */
  push(channel: string, payload: unknown): void {
    for (const l of this.listeners.get(channel) ?? []) l({ sender: 'ipc-event' }, payload);
  }
})() satisfies Pick<Electron.IpcRenderer, 'invoke'>;
