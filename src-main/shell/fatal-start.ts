// The last resort when the app cannot start at all (its code failed to load, or the shell threw before a tray was
// up): say so in a dialog and exit, which also frees the single-instance lock, so the next launch starts afresh
// instead of handing its arguments to a process with no tray and no window.
import { app, dialog } from 'electron';
import { desktopText } from '../../src-preload/contract/desktop-texts';
import { shellLanguage } from './shell-language';
import { shellLog } from './shell-log';

/** Shows why the start failed and exits with code 1. Never throws. */
export function reportFatalStart(err: unknown): void {
  const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
  shellLog.error(`Nanotray could not start: ${message}`);
  try {
    const language = shellLanguage('system');
    dialog.showErrorBox(desktopText(language, 'startup.failed'), desktopText(language, 'startup.crashed', { message: message.split('\n').slice(0, 8).join('\n') }));
  } catch {
    // no dialog before ready on some platforms: the log line above is what remains
  }
  app.exit(1);
}
