// The quick-ask popup: toggled by a tray click or the global shortcut, placed near the tray/cursor,
// hidden on Esc or blur; "open in window" continues its session (quick:default) in the main window.
import { globalShortcut, screen, type BrowserWindow, type Rectangle } from 'electron';
import { quickAskPosition } from './quick-ask-position';

/** The session the popup talks in (the main window can continue it). */
export const QUICK_ASK_SESSION = 'quick:default';

export type ShortcutResult = { ok: true } | { ok: false; message: string };

/** Registers the global shortcut; a taken or invalid accelerator yields a clear message (never throws). */
export function registerQuickAskShortcut(accelerator: string, onPress: () => void): ShortcutResult {
  const wanted = accelerator.trim();
  if (!wanted) return { ok: false, message: 'No quick-ask shortcut is set (ui.quickAskShortcut is empty).' };
  let registered = false;
  try {
    registered = globalShortcut.register(wanted, onPress);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { ok: false, message: `The quick-ask shortcut "${wanted}" is not a valid accelerator (${why}). Change ui.quickAskShortcut in Settings.` };
  }
  if (!registered) {
    return {
      ok: false,
      message: `The quick-ask shortcut "${wanted}" is already used by another application. Choose another one in Settings (ui.quickAskShortcut); the tray icon still opens quick ask.`,
    };
  }
  return { ok: true };
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

/** Wires a (hidden) popup window: blur hides it, Esc hides it, focus goes to the page on show. */
export function createQuickAsk(getWindow: () => BrowserWindow): QuickAskController {
  const wired = new WeakSet<BrowserWindow>();
  const wire = (win: BrowserWindow): void => {
    if (wired.has(win)) return;
    wired.add(win);
    win.on('blur', () => {
      if (!win.webContents.isDevToolsOpened()) win.hide();
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
    const point = anchor ?? { ...screen.getCursorScreenPoint(), width: 0, height: 0 };
    const display = screen.getDisplayNearestPoint({ x: point.x, y: point.y });
    const [width = 560, height = 380] = win.getSize();
    const { x, y } = quickAskPosition(point, { width, height }, display.workArea);
    win.setPosition(x, y, false);
    win.show();
    win.focus();
    win.webContents.focus();
  };

  return {
    show,
    toggle(anchor) {
      const win = getWindow();
      if (win.isVisible()) win.hide();
      else show(anchor);
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
