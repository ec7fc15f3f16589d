// safeStorage secrets: `enc:v1:<base64>` when a real keychain exists, plain text with a note otherwise,
// and a clear error when an encrypted key cannot be decrypted.
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./helpers/fake-electron'));

import { resetFakeElectron, safeStorage } from './helpers/fake-electron';
import { createSecretStore, ENCRYPTED_PREFIX } from '../../src-main/shell/secret-store';
import { wordRef } from '../../src-preload/contract/desktop-texts';

describe('createSecretStore', () => {
  beforeEach(() => resetFakeElectron());

  it('encrypts with the keychain and decodes back', () => {
    const store = createSecretStore(safeStorage, 'linux');
    expect(store.mode).toBe('encrypted');
    const stored = store.encode('sk-live-1234567890');
    expect(stored).toBe(`${ENCRYPTED_PREFIX}${Buffer.from('sealed(sk-live-1234567890)').toString('base64')}`);
    expect(stored).not.toContain('sk-live');
    expect(store.decode(stored)).toBe('sk-live-1234567890');
  });

  it('passes plain (legacy) values and empty keys through', () => {
    const store = createSecretStore(safeStorage, 'darwin');
    expect(store.decode('sk-plain')).toBe('sk-plain');
    expect(store.encode('')).toBe('');
  });

  it('falls back to plain text with a note when Linux has no keyring (basic_text)', () => {
    safeStorage.backend = 'basic_text';
    const store = createSecretStore(safeStorage, 'linux');
    expect(store.mode).toBe('plain');
    expect(store.encode('sk-x')).toBe('sk-x');
    expect(wordRef('en', store.note)).toBe('No system keyring (GNOME Keyring/KWallet) was found, so API keys are stored as plain text in config.json (file mode 0600).');
  });

  it('falls back to plain text when encryption is unavailable', () => {
    safeStorage.available = false;
    const store = createSecretStore(safeStorage, 'win32');
    expect(store.mode).toBe('plain');
    expect(wordRef('en', store.note)).toBe('The system keychain is not available, so API keys are stored as plain text in config.json (file mode 0600).');
  });

  it('says what to do when an encrypted key cannot be read any more', () => {
    const stored = createSecretStore(safeStorage, 'linux').encode('sk-live-1234567890');
    safeStorage.available = false;
    expect(() => createSecretStore(safeStorage, 'linux').decode(stored)).toThrow(
      "an API key in config.json is encrypted for this computer's keychain, which is not available now; enter the key again in Settings",
    );
  });
});
