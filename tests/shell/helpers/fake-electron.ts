// A fake `electron` module for shell tests (vi.mock('electron', () => import('./helpers/fake-electron'))):
// records what the shell asked Electron to do and lets tests fire events (clicks, blur, keys).
// `any` is used only for Electron's loosely shaped menu templates and listener arguments in this fake.
import { EventEmitter } from 'node:events';

type Listener = (...args: any[]) => void;

class Emitting {
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
  emit(event: string, ...args: unknown[]): boolean {
    return this.emitter.emit(event, ...args);
  }
}

export class FakeWebContents extends Emitting {
  windowOpenHandler?: (details: { url: string }) => { action: string };
  permissionRequestHandler?: (wc: unknown, permission: string, cb: (granted: boolean) => void) => void;
  permissionCheckHandler?: (...args: unknown[]) => boolean;
  sent: [string, unknown][] = [];
  loading = false;
  destroyed = false;
  focused = 0;
  readonly session = {
    setPermissionRequestHandler: (h: FakeWebContents['permissionRequestHandler']) => void (this.permissionRequestHandler = h),
    setPermissionCheckHandler: (h: FakeWebContents['permissionCheckHandler']) => void (this.permissionCheckHandler = h),
  };
  setWindowOpenHandler(handler: FakeWebContents['windowOpenHandler']): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload]);
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
}

export class BrowserWindow extends Emitting {
  static instances: BrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  visible = false;
  position: [number, number] = [0, 0];
  skipTaskbar?: boolean;
  loaded?: string;
  constructor(public readonly options: Record<string, any>) {
    super();
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
  /** Simulates the user switching to another application. */
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
  }
  async loadURL(url: string): Promise<void> {
    this.loaded = url;
  }
  /** Simulates the user clicking the close button; returns true when the window was only hidden. */
  tryClose(): boolean {
    let prevented = false;
    this.emit('close', { preventDefault: () => void (prevented = true) });
    return prevented;
  }
}

export class Tray extends Emitting {
  static instances: Tray[] = [];
  tooltip = '';
  menu?: { items: any[] };
  destroyed = false;
  bounds = { x: 0, y: 0, width: 0, height: 0 };
  constructor(public image: { path: string }) {
    super();
    Tray.instances.push(this);
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setContextMenu(menu: { items: any[] }): void {
    this.menu = menu;
  }
  setImage(image: { path: string }): void {
    this.image = image;
  }
  /** Menus popped up by hand (macOS right-click), newest last. */
  poppedUp: { items: any[] }[] = [];
  popUpContextMenu(menu?: { items: any[] }): void {
    if (menu) this.poppedUp.push(menu);
  }
  getBounds() {
    return this.bounds;
  }
  destroy(): void {
    this.destroyed = true;
  }
  /** The menu item with this label (searching submenus too). */
  item(label: string): any {
    const find = (items: any[]): any => {
      for (const i of items) {
        if (i.label === label) return i;
        if (Array.isArray(i.submenu)) {
          const found = find(i.submenu);
          if (found) return found;
        }
      }
      return undefined;
    };
    return find(this.menu?.items ?? []);
  }
}

export class Notification extends Emitting {
  static instances: Notification[] = [];
  static supported = true;
  static isSupported(): boolean {
    return Notification.supported;
  }
  shown = false;
  constructor(public readonly options: { title: string; body: string; icon?: string }) {
    super();
    Notification.instances.push(this);
  }
  closed = false;
  show(): void {
    this.shown = true;
  }
  close(): void {
    this.closed = true;
  }
}

export const Menu = { buildFromTemplate: (items: any[]) => ({ items }) };

export const nativeImage = {
  createFromPath: (path: string) => ({ path, template: false, setTemplateImage(this: { template: boolean }, on: boolean) { this.template = on; } }),
};

export const ipcMain = {
  handlers: new Map<string, Listener>(),
  handle(channel: string, handler: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  },
};

export const globalShortcut = {
  /** Accelerators another application holds. */
  taken: new Set<string>(),
  registered: new Map<string, Listener>(),
  register(accelerator: string, callback: Listener): boolean {
    if (!/^[A-Za-z]+(\+[A-Za-z0-9]+)*$/.test(accelerator)) throw new Error(`Failed to parse accelerator ${accelerator}`);
    if (this.taken.has(accelerator)) return false;
    this.registered.set(accelerator, callback);
    return true;
  },
  unregister(accelerator: string): void {
    this.registered.delete(accelerator);
  },
};

export const screen = {
  cursor: { x: 500, y: 400 },
  workArea: { x: 0, y: 0, width: 1920, height: 1080 },
  getCursorScreenPoint() {
    return { ...this.cursor };
  },
  getDisplayNearestPoint() {
    return { workArea: { ...this.workArea } };
  },
};

export const shell = {
  opened: [] as string[],
  openedPaths: [] as string[],
  async openExternal(url: string): Promise<void> {
    this.opened.push(url);
  },
  async openPath(path: string): Promise<string> {
    this.openedPaths.push(path);
    return '';
  },
};

export const dialog = {
  errors: [] as [string, string][],
  showErrorBox(title: string, content: string): void {
    this.errors.push([title, content]);
  },
};

export const safeStorage = {
  available: true,
  backend: 'gnome_libsecret',
  isEncryptionAvailable(): boolean {
    return this.available;
  },
  encryptString(plain: string): Buffer {
    return Buffer.from(`sealed(${plain})`, 'utf8');
  },
  decryptString(buf: Buffer): string {
    const text = buf.toString('utf8');
    const m = /^sealed\((.*)\)$/s.exec(text);
    if (!m) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return m[1]!;
  },
  getSelectedStorageBackend(): string {
    return this.backend;
  },
};

const appEmitter = new EventEmitter();

export const powerMonitor = new (class extends Emitting {})();

export const app = {
  isPackaged: false,
  desktopName: '',
  appUserModelId: '',
  switches: [] as [string, string | undefined][],
  commandLine: {
    appendSwitch(name: string, value?: string): void {
      app.switches.push([name, value]);
    },
  },
  setDesktopName(name: string): void {
    this.desktopName = name;
  },
  setAppUserModelId(id: string): void {
    this.appUserModelId = id;
  },
  off(event: string, listener: Listener) {
    appEmitter.off(event, listener);
    return this;
  },
  lock: true,
  quitCalls: 0,
  loginItem: { openAtLogin: false },
  dock: { hidden: false, hide() { this.hidden = true; }, async show() { this.hidden = false; } },
  requestSingleInstanceLock(): boolean {
    return this.lock;
  },
  quit(): void {
    this.quitCalls++;
  },
  /** The code `app.exit` was called with (exit quits at once, without 'before-quit'). */
  exitCode: undefined as number | undefined,
  exit(code = 0): void {
    this.exitCode = code;
  },
  on(event: string, listener: Listener) {
    appEmitter.on(event, listener);
    return this;
  },
  emit(event: string, ...args: unknown[]) {
    return appEmitter.emit(event, ...args);
  },
  getLoginItemSettings() {
    return { ...this.loginItem };
  },
  setLoginItemSettings(settings: { openAtLogin: boolean }) {
    this.loginItem = { openAtLogin: settings.openAtLogin };
  },
  focusCalls: 0,
  focusSteals: 0,
  focus(options?: { steal?: boolean }): void {
    this.focusCalls++;
    if (options?.steal) this.focusSteals++;
  },
  /** What the OS lists as its preferred languages (app.getPreferredSystemLanguages). */
  systemLanguages: ['en-US'] as string[],
  getPreferredSystemLanguages(): string[] {
    return [...this.systemLanguages];
  },
  getLocale(): string {
    return this.systemLanguages[0] ?? 'en-US';
  },
  whenReady: async () => undefined,
  getAppPath: () => process.cwd(),
  getVersion: () => '0.0.0-test',
};

/** Clears every recording between tests. */
export function resetFakeElectron(): void {
  BrowserWindow.instances = [];
  Tray.instances = [];
  Notification.instances = [];
  Notification.supported = true;
  ipcMain.handlers.clear();
  globalShortcut.taken.clear();
  globalShortcut.registered.clear();
  shell.opened = [];
  shell.openedPaths = [];
  dialog.errors = [];
  safeStorage.available = true;
  safeStorage.backend = 'gnome_libsecret';
  app.lock = true;
  app.quitCalls = 0;
  app.exitCode = undefined;
  app.focusCalls = 0;
  app.focusSteals = 0;
  app.isPackaged = false;
  app.desktopName = '';
  app.appUserModelId = '';
  app.switches = [];
  app.systemLanguages = ['en-US'];
  powerMonitor.emitter.removeAllListeners();
  app.loginItem = { openAtLogin: false };
  app.dock.hidden = false;
  appEmitter.removeAllListeners();
}

/** Renderer-side fakes for the preload test. */
export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown): void {
    this.exposed.set(key, api);
  },
};

export const ipcRenderer = {
  invoked: [] as [string, unknown][],
  listeners: new Map<string, Set<Listener>>(),
  async invoke(channel: string, payload: unknown): Promise<unknown> {
    this.invoked.push([channel, payload]);
    return { ok: true, value: { channel } };
  },
  on(channel: string, listener: Listener): void {
    const set = this.listeners.get(channel) ?? new Set();
    set.add(listener);
    this.listeners.set(channel, set);
  },
  removeListener(channel: string, listener: Listener): void {
    this.listeners.get(channel)?.delete(listener);
  },
  /** Main sends a push on `channel`. */
  push(channel: string, payload: unknown): void {
    for (const l of this.listeners.get(channel) ?? []) l({ sender: 'ipc-event' }, payload);
  },
};
