// The fake Tray, Menu, nativeImage and Notification, typed against Electron 45's interfaces. They play the platforms:
// no Tray before ready; on Windows pressing the tray icon first takes the focus from the focused window (its blur
// comes before the click); an unsigned macOS build's notifications are accepted and never shown.
import type * as Electron from 'electron';
import { BrowserWindow } from './fake-electron-windows';
import { Emitting, fakePlatform, requireReady } from './fake-electron-platform';

/** A built menu: Electron keeps the template's items (with their click handlers) on `items`. */
export interface FakeMenu {
  items: any[];
}

export const Menu = {
  buildFromTemplate: (items: Electron.MenuItemConstructorOptions[]): FakeMenu => ({ items }),
};

export interface FakeImage {
  path: string;
  template: boolean;
  setTemplateImage(on: boolean): void;
}

export const nativeImage = {
  createFromPath: (path: string): FakeImage => ({
    path,
    template: false,
    setTemplateImage(this: FakeImage, on: boolean) {
      this.template = on;
    },
  }),
};

/** The Tray members the shell calls. */
type UsedTray = 'setToolTip' | 'setContextMenu' | 'popUpContextMenu' | 'getBounds' | 'destroy';

export class Tray extends Emitting implements Pick<Electron.Tray, UsedTray> {
  static instances: Tray[] = [];
  tooltip = '';
  menu?: FakeMenu;
  destroyed = false;
  bounds: Electron.Rectangle = { x: 0, y: 0, width: 0, height: 0 };
  constructor(public image: FakeImage) {
    requireReady('Cannot create Tray before app is ready');
    super();
    Tray.instances.push(this);
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setContextMenu(menu: FakeMenu | null): void {
    this.menu = menu ?? undefined;
  }
  setImage(image: FakeImage): void {
    this.image = image;
  }
  /** Menus popped up by hand (macOS right-click), newest last. */
  poppedUp: FakeMenu[] = [];
  popUpContextMenu(menu?: FakeMenu, _position?: Electron.Point): void {
    if (menu) this.poppedUp.push(menu);
  }
  getBounds(): Electron.Rectangle {
    return this.bounds;
  }
  destroy(): void {
    this.destroyed = true;
  }
  /** The user clicks the icon. On Windows the press takes the focus first: the focused window's blur comes before the click. */
  click(): void {
    if (fakePlatform.os === 'win32') for (const win of BrowserWindow.instances) if (win.isFocused()) win.blur();
    this.emit('click', { altKey: false, ctrlKey: false, metaKey: false, shiftKey: false }, this.bounds, { x: this.bounds.x, y: this.bounds.y });
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

Tray satisfies new (image: FakeImage) => Pick<Electron.Tray, UsedTray>;

/** The Notification members the shell calls. */
type UsedNotification = 'show' | 'close';

export class Notification extends Emitting implements Pick<Electron.Notification, UsedNotification> {
  static instances: Notification[] = [];
  /** Notifications the OS actually put on screen. */
  static delivered: Notification[] = [];
  static supported = true;
  static isSupported(): boolean {
    return Notification.supported;
  }
  shown = false;
  closed = false;
  readonly options: Electron.NotificationConstructorOptions;
  constructor(options: Electron.NotificationConstructorOptions = {}) {
    super();
    this.options = options;
    Notification.instances.push(this);
  }
  /** Accepted everywhere; shown (and 'show' emitted) except on an unsigned macOS build, where nothing appears. */
  show(): void {
    this.shown = true;
    if (fakePlatform.os === 'darwin' && !fakePlatform.signed) return;
    Notification.delivered.push(this);
    this.emit('show', {});
  }
  close(): void {
    this.closed = true;
  }
}

Notification satisfies Pick<typeof Electron.Notification, 'isSupported'>;
Notification satisfies new (options?: Electron.NotificationConstructorOptions) => Pick<Electron.Notification, UsedNotification>;
