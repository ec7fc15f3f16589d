// The fake `app` and `powerMonitor`, typed against Electron 45's App (the members the shell uses are Picked from the
// real interface): ready when the test says so (`whenReady` waits for it), single-instance lock, quit and exit, dock.
import type * as Electron from 'electron';
import { Emitting, fakePlatform } from './fake-electron-platform';

/** The App members the shell calls (`on`/`off`/`dock`/`commandLine` have fakes of their own shape below). */
type UsedApp =
  | 'isPackaged'
  | 'setDesktopName'
  | 'setAppUserModelId'
  | 'requestSingleInstanceLock'
  | 'quit'
  | 'exit'
  | 'getLoginItemSettings'
  | 'setLoginItemSettings'
  | 'focus'
  | 'getPreferredSystemLanguages'
  | 'getLocale'
  | 'whenReady'
  | 'isReady'
  | 'getAppPath'
  | 'getVersion';

class FakeDock implements Pick<Electron.Dock, 'hide' | 'show'> {
  hidden = false;
  hide(): void {
    this.hidden = true;
  }
  async show(): Promise<void> {
    this.hidden = false;
  }
}

class FakeApp extends Emitting implements Pick<Electron.App, UsedApp> {
  isPackaged = false;
  desktopName = '';
  appUserModelId = '';
  switches: [string, string | undefined][] = [];
  readonly commandLine = {
    appendSwitch: (name: string, value?: string): void => void this.switches.push([name, value]),
  } satisfies Pick<Electron.CommandLine, 'appendSwitch'>;
  lock = true;
  quitCalls = 0;
  /** The code `app.exit` was called with (exit quits at once, without 'before-quit'). */
  exitCode: number | undefined = undefined;
  loginItem = { openAtLogin: false };
  dock = new FakeDock();
  focusCalls = 0;
  focusSteals = 0;
  /** What the OS lists as its preferred languages (app.getPreferredSystemLanguages). */
  systemLanguages = ['en-US'];
  #ready: (() => void)[] = [];

  setDesktopName(name: string): void {
    this.desktopName = name;
  }
  setAppUserModelId(id: string): void {
    this.appUserModelId = id;
  }
  requestSingleInstanceLock(_additionalData?: Record<any, any>): boolean {
    return this.lock;
  }
  quit(): void {
    this.quitCalls++;
  }
  exit(code = 0): void {
    this.exitCode = code;
  }
  getLoginItemSettings(_options?: Electron.LoginItemSettingsOptions): Electron.LoginItemSettings {
    return { ...this.loginItem } as Electron.LoginItemSettings;
  }
  setLoginItemSettings(settings: Electron.Settings): void {
    this.loginItem = { openAtLogin: Boolean(settings.openAtLogin) };
  }
  focus(options?: Electron.FocusOptions): void {
    this.focusCalls++;
    if (options?.steal) this.focusSteals++;
  }
  getPreferredSystemLanguages(): string[] {
    return [...this.systemLanguages];
  }
  getLocale(): string {
    return this.systemLanguages[0] ?? 'en-US';
  }
  isReady(): boolean {
    return fakePlatform.ready;
  }
  whenReady(): Promise<void> {
    if (fakePlatform.ready) return Promise.resolve();
    return new Promise((resolve) => this.#ready.push(resolve));
  }
  /** The test lets Electron finish starting: 'ready' fires and whenReady() resolves. */
  becomeReady(): void {
    fakePlatform.ready = true;
    this.emit('ready', {}, {});
    for (const resolve of this.#ready.splice(0)) resolve();
  }
  getAppPath(): string {
    return process.cwd();
  }
  getVersion(): string {
    return '0.0.0-test';
  }
  reset(): void {
    this.emitter.removeAllListeners();
    this.#ready = [];
    Object.assign(this, {
      isPackaged: false,
      desktopName: '',
      appUserModelId: '',
      switches: [],
      lock: true,
      quitCalls: 0,
      exitCode: undefined,
      loginItem: { openAtLogin: false },
      focusCalls: 0,
      focusSteals: 0,
      systemLanguages: ['en-US'],
    });
    this.dock.hidden = false;
  }
}

export const app = new FakeApp();

/** powerMonitor's events (resume, shutdown) are fired by the tests. */
// Its events only: Electron's on/off overloads return the whole PowerMonitor, which no fake can be.
export const powerMonitor = new (class FakePowerMonitor extends Emitting {})();

export function resetApp(): void {
  app.reset();
  powerMonitor.emitter.removeAllListeners();
}
