// The Electron side of the API's host port: open links in the system browser, show/hide windows.
import { shell } from 'electron';
import type { ApiHost } from '../core/api/api-host';
import type { View } from '../../src-preload/contract/event-schemas';
import type { SecretStore } from './secret-store';

export interface ElectronHostDeps {
  version: string;
  secrets: SecretStore;
  showMain(target: { view?: View; sessionKey?: string }): void;
  hideQuickAsk(): boolean;
}

export function createElectronHost(deps: ElectronHostDeps): ApiHost {
  return {
    kind: 'electron',
    version: deps.version,
    async openExternal(url) {
      try {
        await shell.openExternal(url);
        return true;
      } catch {
        return false;
      }
    },
    showMainWindow(target) {
      deps.showMain(target);
      return true;
    },
    hideQuickAsk: () => deps.hideQuickAsk(),
    secrets: { mode: deps.secrets.mode, note: deps.secrets.note, encode: deps.secrets.encode },
  };
}
