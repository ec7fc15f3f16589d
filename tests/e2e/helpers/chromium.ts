// Launches Debian Chromium for the e2e tests (playwright-core, no browser download, closed network).
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The Chromium binary: $CHROMIUM_PATH, else the Debian package paths. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => Boolean(p && existsSync(p)));
  if (!found) throw new Error('Chromium not found: `apt-get install -y chromium` or set CHROMIUM_PATH.');
  return found;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}
