// The tray icon: state icons (idle / working / attention), a tooltip with the status, and the menu. A left
// click opens quick ask; on macOS, where a tray with a context menu opens it on every click, the menu comes
// on right-click only.
import { Menu, Tray, nativeImage, type NativeImage, type Rectangle } from 'electron';
import { join } from 'node:path';
import { buildTrayMenu, type TrayMenuActions, type TrayMenuState } from './tray-menu';
import type { TrayIconState } from './tray-state';

/** File names in resources/ for one state (`@2x` variants sit next to them and are picked up by Electron). */
export function trayIconFile(state: TrayIconState, platform: NodeJS.Platform): string {
  // macOS draws template images in the menu bar's colour; the state shows as a filled/hollow badge.
  return platform === 'darwin' ? `tray-${state}Template.png` : `tray-${state}.png`;
}

export interface TrayController {
  setIcon(state: TrayIconState): void;
  setTooltip(text: string): void;
  setMenu(state: TrayMenuState): void;
  /** Screen bounds of the icon (to place the quick-ask popup); undefined where the platform has none. */
  bounds(): Rectangle | undefined;
  dispose(): void;
}

export interface TrayOptions {
  resourcesDir: string;
  platform?: NodeJS.Platform;
  actions: TrayMenuActions;
  /** Left click on the icon (quick ask). */
  onClick(bounds: Rectangle | undefined): void;
}

export function createTray(options: TrayOptions): TrayController {
  const platform = options.platform ?? process.platform;
  const images = new Map<TrayIconState, NativeImage>();
  const image = (state: TrayIconState): NativeImage => {
    let img = images.get(state);
    if (!img) {
      img = nativeImage.createFromPath(join(options.resourcesDir, trayIconFile(state, platform)));
      if (platform === 'darwin') img.setTemplateImage(true);
      images.set(state, img);
    }
    return img;
  };
  const tray = new Tray(image('idle'));
  tray.setToolTip('Nanotray');
  tray.on('click', (_event, bounds) => options.onClick(bounds && bounds.width > 0 ? bounds : undefined));
  let current: TrayIconState = 'idle';
  let menu: Menu | undefined;
  // macOS pops a set context menu up on a left click too (and then sends no click): keep the menu apart.
  if (platform === 'darwin') tray.on('right-click', () => menu && tray.popUpContextMenu(menu));

  return {
    setIcon(state) {
      if (state === current) return;
      current = state;
      tray.setImage(image(state));
    },
    setTooltip(text) {
      tray.setToolTip(text);
    },
    setMenu(state) {
      menu = Menu.buildFromTemplate(buildTrayMenu(state, options.actions));
      if (platform !== 'darwin') tray.setContextMenu(menu);
    },
    bounds() {
      const b = tray.getBounds();
      return b.width > 0 ? b : undefined;
    },
    dispose() {
      tray.destroy();
    },
  };
}
