// The quick-ask popup: toggled by a tray click or the global shortcut, placed near the tray/cursor,
// hidden on Esc or blur; "open in window" continues its session (quick:default) in the main window.
import { app, globalShortcut, screen, type BrowserWindow, type Rectangle } from 'electron';
import { centeredPosition, quickAskPosition } from './quick-ask-position';
import { desktopText, textRef, type DesktopTextRef } from '../../src-preload/contract/desktop-texts';
import type { Language } from '../../src-preload/contract/languages';

export { QUICK_ASK_SESSION } from '../../src-preload/contract/session-keys';

/**
 * `note`: registered, but whether it works is up to the desktop (Wayland's portal); `problem`: not registered. Both
 * are catalogue texts, worded in the user's language where they are shown (the tray menu, a notification).
 */
export type ShortcutResult = { ok: true; note?: DesktopTextRef } | { ok: false; problem: DesktopTextRef };

/**
 * On Wayland a global shortcut works only through the desktop's GlobalShortcuts portal: GNOME asks the user
 * to confirm it and may refuse it without telling the app, so the app cannot know whether it took effect.
 */
export function waylandShortcutNote(accelerator: string, command: string, language: Language = 'en'): string {
  return desktopText(language, 'shortcut.wayland', { shortcut: accelerator, command });
}

/** Registers the global shortcut; a taken or invalid accelerator yields a clear problem (never throws). */
export function registerQuickAskShortcut(
  accelerator: string,
  onPress: () => void,
  options: { wayland?: boolean; launchCommand?: string } = {},
): ShortcutResult {
  const wanted = accelerator.trim();
  if (!wanted) return { ok: false, problem: textRef('shortcut.empty') };
  let registered = false;
  try {
    registered = globalShortcut.register(wanted, onPress);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { ok: false, problem: textRef('shortcut.invalid', { shortcut: wanted, why }) };
  }
  if (!registered) return { ok: false, problem: textRef('shortcut.taken', { shortcut: wanted }) };
  return options.wayland ? { ok: true, note: textRef('shortcut.wayland', { shortcut: wanted, command: options.launchCommand ?? 'nanotray' }) } : { ok: true };
}

export function unregisterQuickAskShortcut(accelerator: string): void {
  try {
    if (accelerator.trim()) globalShortcut.unregister(accelerator.trim());
  } catch {
    // An invalid accelerator was never registered.
  }
}

export interface QuickAskController {
  /** Shows the popup near `anchor` (tray bounds) or the cursor; hides it when it is already visible. */
  toggle(anchor?: Rectangle): void;
  show(anchor?: Rectangle): void;
  hide(): boolean;
  isVisible(): boolean;
}

/** A toggle this soon after blur hid the popup is the same click (Windows blurs on mouse-down, then clicks). */
export const CLICK_AFTER_BLUR_MS = 400;

export interface QuickAskOptions {
  platform?: NodeJS.Platform;
  /** Milliseconds, for the blur-then-click rule (tests pass a fake). */
  now?: () => number;
  /** Wayland: windows cannot be placed, so the popup is centred on the active screen. */
  wayland?: boolean;
}

/**
 * Wires a (hidden) popup window: blur hides it, Esc hides it, focus goes to the page on show. On macOS the
 * menu-bar-only app is not active by itself: showing the popup takes the keyboard focus from the front app.
 */
export function createQuickAsk(getWindow: () => BrowserWindow, options: QuickAskOptions = {}): QuickAskController {
  const platform = options.platform ?? process.platform;
  const now = options.now ?? Date.now;
  const wired = new WeakSet<BrowserWindow>();
  /** When blur last hid the popup: a click on the tray icon blurs it first (Windows), then toggles. */
  let blurHiddenAt = -Infinity;
  const wire = (win: BrowserWindow): void => {
    if (wired.has(win)) return;
    wired.add(win);
    win.on('blur', () => {
      if (win.webContents.isDevToolsOpened() || !win.isVisible()) return;
      win.hide();
      blurHiddenAt = now();
    });
    win.webContents.on('before-input-event', (event, input) => {
      if (input.type === 'keyDown' && input.key === 'Escape') {
        event.preventDefault();
        win.hide();
      }
    });
  };

  const show = (anchor?: Rectangle): void => {
    const win = getWindow();
    wire(win);
    const point = anchor && !options.wayland ? anchor : { ...screen.getCursorScreenPoint(), width: 0, height: 0 };
    const display = screen.getDisplayNearestPoint({ x: point.x, y: point.y });
    const [width = 560, height = 380] = win.getSize();
    const size = { width, height };
    const { x, y } = options.wayland ? centeredPosition(size, display.workArea) : quickAskPosition(point, size, display.workArea);
    win.setPosition(x, y, false);
    if (options.wayland) win.center();
    win.show();
    if (platform === 'darwin') app.focus({ steal: true });
    win.focus();
    win.webContents.focus();
  };

  return {
    show,
    toggle(anchor) {
      const win = getWindow();
      if (win.isVisible()) win.hide();
      // The click that meant "close" already closed it by blurring it: opening it again would undo that.
      else if (now() - blurHiddenAt >= CLICK_AFTER_BLUR_MS) show(anchor);
      blurHiddenAt = -Infinity;
    },
    hide() {
      const win = getWindow();
      if (!win.isVisible()) return false;
      win.hide();
      return true;
    },
    isVisible: () => getWindow().isVisible(),
  };
}
