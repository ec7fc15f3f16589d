// Keys stored encrypted (`enc:v1:…`, the desktop app's OS keychain) that this process could not decrypt:
// another host without the keychain, or a keychain that changed. They stay stored, marked "needs re-entering".
import type { Config } from '../../../src-preload/contract/config-schema';

const ENCRYPTED = /^enc:v\d+:/;

/** True for a value still in its encrypted, stored form. */
export function isLockedSecret(value: string): boolean {
  return ENCRYPTED.test(value);
}

/** The providers whose API key is locked, by name. */
export function lockedProviderKeys(config: Config): string[] {
  return Object.entries(config.providers)
    .filter(([, p]) => isLockedSecret(p.apiKey))
    .map(([name]) => name);
}

/** True when the web search key is locked. */
export function webSearchKeyLocked(config: Config): boolean {
  return isLockedSecret(config.tools.web.search.apiKey);
}
