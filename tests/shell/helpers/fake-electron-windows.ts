// The fake BrowserWindow and its WebContents, typed against Electron 45's own interfaces (each member the shell uses
// must keep Electron's signature, so a changed API fails the type check): BrowserWindow cannot be made before ready,
// and a page loaded from a file gets the URL Chromium would give it (upper-case drive letter on Windows).
import type * as Electron from 'electron';
import { chromiumFileUrl, Emitting, fakePlatform, requireReady } from './fake-electron-platform';

/** The WebContents members the shell calls. */
type UsedWebContents = 'send' | 'isDestroyed' | 'isLoading' | 'isDevToolsOpened' | 'focus' | 'setWindowOpenHandler' | 'getURL';

/** The frame an IPC message comes from (what isTrustedSender reads). */
export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

export class FakeWebContents extends Emitting implements Pick<Electron.WebContents, UsedWebContents> {
  // What the shell installed, callable by tests with just the fields the shell reads.
  windowOpenHandler?: (details: { url: string }) => { action: string };
  permissionRequestHandler?: (wc: unknown, permission: string, cb: (granted: boolean) => void) => void;
  permissionCheckHandler?: (...args: unknown[]) => boolean;
  sent: [string, unknown][] = [];
  loading = false;
  destroyed = false;
  focused = 0;
  /** The top frame and the page it shows. */
  readonly mainFrame: FakeFrame = { url: '', parent: null };
  readonly session: Pick<Electron.Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'> = {
    setPermissionRequestHandler: (h) => void (this.permissionRequestHandler = h as FakeWebContents['permissionRequestHandler']),
    setPermissionCheckHandler: (h) => void (this.permissionCheckHandler = h as FakeWebContents['permissionCheckHandler']),
  };
  setWindowOpenHandler(handler: (details: Electron.HandlerDetails) => Electron.WindowOpenHandlerResponse): void {
    this.windowOpenHandler = handler as FakeWebContents['windowOpenHandler'];
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push([channel, args[0]]);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isLoading(): boolean {
    return this.loading;
  }
  isDevToolsOpened(): boolean {
    return false;
  }
  focus(): void {
    this.focused++;
  }
  getURL(): string {
    return this.mainFrame.url;
  }
}

/** The BrowserWindow members the shell calls. */
type UsedWindow =
  | 'show'
  | 'hide'
  | 'focus'
  | 'isFocused'
  | 'isVisible'
  | 'isDestroyed'
  | 'getSize'
  | 'setPosition'
  | 'center'
  | 'setSkipTaskbar'
  | 'loadFile'
  | 'loadURL';

export class BrowserWindow extends Emitting implements Pick<Electron.BrowserWindow, UsedWindow> {
  static instances: BrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  visible = false;
  position: [number, number] = [0, 0];
  skipTaskbar?: boolean;
  loaded?: string;
  readonly options: Electron.BrowserWindowConstructorOptions;
  constructor(options: Electron.BrowserWindowConstructorOptions = {}) {
    requireReady('Cannot create BrowserWindow before app is ready');
    super();
    this.options = options;
    BrowserWindow.instances.push(this);
  }
  /** Whether the window has the keyboard focus (the user is looking at it). */
  hasFocus = false;
  show(): void {
    this.visible = true;
    this.emit('show');
  }
  hide(): void {
    this.visible = false;
    this.hasFocus = false;
    this.emit('hide');
  }
  focus(): void {
    this.hasFocus = this.visible;
  }
  /** Simulates the user switching to another application (or, on Windows, pressing on the tray icon). */
  blur(): void {
    this.hasFocus = false;
    this.emit('blur');
  }
  isFocused(): boolean {
    return this.hasFocus;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isDestroyed(): boolean {
    return false;
  }
  getSize(): [number, number] {
    return [this.options.width ?? 800, this.options.height ?? 600];
  }
  setPosition(x: number, y: number): void {
    this.position = [x, y];
  }
  centered = 0;
  center(): void {
    this.centered++;
  }
  setSkipTaskbar(skip: boolean): void {
    this.skipTaskbar = skip;
  }
  async loadFile(path: string): Promise<void> {
    this.loaded = `file:${path}`;
    this.webContents.mainFrame.url = chromiumFileUrl(path, fakePlatform.os);
  }
  async loadURL(url: string): Promise<void> {
    this.loaded = url;
    this.webContents.mainFrame.url = url;
  }
  /** Simulates the user clicking the close button; returns true when the window was only hidden. */
  tryClose(): boolean {
    let prevented = false;
    this.emit('close', { preventDefault: () => void (prevented = true) });
    return prevented;
  }
}

// The constructor takes what Electron's takes.
BrowserWindow satisfies new (options?: Electron.BrowserWindowConstructorOptions) => Pick<Electron.BrowserWindow, UsedWindow>;
