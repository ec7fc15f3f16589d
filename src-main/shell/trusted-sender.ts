// Is an IPC message coming from the app's own page? A pure URL check plus a thin Electron adapter.
import { pathToFileURL } from 'node:url';
import { posix, win32 } from 'node:path';
import type { IpcMainInvokeEvent } from 'electron';

/** The renderer pages the app loads (main window and quick-ask popup). */
export const APP_PAGES = ['index.html', 'quick.html'] as const;

/**
 * True when `url` is one of the app's own pages: the built files in `rendererDir` (file:) or, in
 * development, a page on the dev server's exact origin. Everything else (other files, other hosts,
 * look-alike origins, data:/blob:/javascript:, about:blank) is refused.
 */
export function isAppUrl(url: string | undefined, devServerUrl: string | undefined, rendererDir: string, platform: NodeJS.Platform = process.platform): boolean {
  if (!url || !URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (devServerUrl && URL.canParse(devServerUrl)) {
    const dev = new URL(devServerUrl);
    if ((dev.protocol === 'http:' || dev.protocol === 'https:') && parsed.origin === dev.origin) return true;
  }
  if (parsed.protocol !== 'file:' || parsed.host !== '') return false;
  const windows = platform === 'win32';
  const join = windows ? win32.join : posix.join;
  const pageUrls = APP_PAGES.map((page) => comparable(pathToFileURL(join(rendererDir, page), { windows }).pathname, windows));
  return pageUrls.includes(comparable(parsed.pathname, windows));
}

/**
 * A file URL's path as the OS compares it. Windows paths are case-insensitive, and Chromium upper-cases the drive
 * letter (`/C:/…`) where the app's folder may have come as `c:\…` (started from a terminal): compared without case.
 */
function comparable(pathname: string, windows: boolean): string {
  return windows ? pathname.toLowerCase() : pathname;
}

/** Adapter for ipcMain: checks the frame that sent the message (not just the window). */
export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'senderFrame'>,
  devServerUrl: string | undefined,
  rendererDir: string,
  platform: NodeJS.Platform = process.platform,
): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  // Only top-level frames of our pages; an iframe inside the page (none exist) would be refused.
  if (frame.parent) return false;
  return isAppUrl(frame.url, devServerUrl, rendererDir, platform);
}
