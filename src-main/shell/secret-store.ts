// API keys at rest: encrypted with Electron safeStorage (OS keychain) as `enc:v1:<base64>` where a real
// backend exists; otherwise kept as plain text in config.json (mode 0600) with a note saying so.
import { safeStorage } from 'electron';
import { textRef, type DesktopTextRef } from '../../src-preload/contract/desktop-texts';

export const ENCRYPTED_PREFIX = 'enc:v1:';

export interface SecretStore {
  mode: 'encrypted' | 'plain';
  /** Why secrets are (not) encrypted, for the settings page and the log. */
  note: DesktopTextRef;
  /** Plain → stored form. */
  encode(plain: string): string;
  /** Stored form → plain; plain values pass through. Throws with a clear message when it cannot decrypt. */
  decode(stored: string): string;
}

type SafeStorageLike = Pick<typeof safeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> & {
  getSelectedStorageBackend?: () => string;
};

/** Call after `app.whenReady()` (Linux reports availability only then). */
export function createSecretStore(storage: SafeStorageLike = safeStorage, platform: NodeJS.Platform = process.platform): SecretStore {
  const backend = platform === 'linux' && storage.getSelectedStorageBackend ? storage.getSelectedStorageBackend() : undefined;
  // On Linux without a keyring, Chromium "encrypts" with a hard-coded key (basic_text): no real protection.
  const available = storage.isEncryptionAvailable() && backend !== 'basic_text' && backend !== 'unknown';
  const decode = (stored: string): string => {
    if (!stored.startsWith(ENCRYPTED_PREFIX)) return stored;
    if (!storage.isEncryptionAvailable()) {
      throw new Error('an API key in config.json is encrypted for this computer\'s keychain, which is not available now; enter the key again in Settings');
    }
    return storage.decryptString(Buffer.from(stored.slice(ENCRYPTED_PREFIX.length), 'base64'));
  };
  if (!available) {
    return {
      mode: 'plain',
      note: textRef(platform === 'linux' ? 'settings.keysNoKeyring' : 'settings.keysNoKeychain'),
      encode: (plain) => plain,
      decode,
    };
  }
  return {
    mode: 'encrypted',
    note: textRef('settings.keysEncrypted'),
    encode: (plain) => (plain ? `${ENCRYPTED_PREFIX}${storage.encryptString(plain).toString('base64')}` : plain),
    decode,
  };
}
