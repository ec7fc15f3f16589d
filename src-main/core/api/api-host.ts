// What a host (Electron shell or browser host) gives the API handlers: its kind and its window/OS actions.
import type { View } from '../../../src-preload/contract/event-schemas';
import { textRef, type DesktopTextRef } from '../../../src-preload/contract/desktop-texts';

export interface ApiHost {
  readonly kind: 'electron' | 'web';
  readonly version: string;
  /** Opens an http(s) URL outside the app; the URL was already checked. */
  openExternal(url: string): Promise<boolean>;
  /** Shows the main window at a view/session (Electron) or asks the page to navigate (browser host). */
  showMainWindow(target: { view?: View; sessionKey?: string }): boolean;
  /** Hides the quick-ask popup (no-op in the browser host). */
  hideQuickAsk(): boolean;
  /** How secrets are stored at rest, and how a new secret is encoded before it is written to config.json. */
  readonly secrets: SecretStorageInfo;
}

export interface SecretStorageInfo {
  mode: 'encrypted' | 'plain';
  /** Shown on the settings page (e.g. why keys are stored in plain text). */
  note?: DesktopTextRef;
  /** Turns a plain secret into what is stored (e.g. `enc:v1:<base64>`); identity when absent. */
  encode?: (plain: string) => string;
}

/** A host for tests and the CLI: no windows, plain secrets. */
export function headlessHost(kind: ApiHost['kind'] = 'web', version = '0.0.0'): ApiHost {
  return {
    kind,
    version,
    openExternal: async () => false,
    showMainWindow: () => false,
    hideQuickAsk: () => false,
    secrets: { mode: 'plain', note: textRef('settings.keysPlain') },
  };
}
