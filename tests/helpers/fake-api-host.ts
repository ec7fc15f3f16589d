// The host side of the API handlers for tests that call them directly (a browser host that opens nothing).
import type { ApiHost } from '../../src-main/core/api/api-host';

export const FAKE_API_HOST: ApiHost = {
  kind: 'web',
  version: 'test',
  openExternal: async () => true,
  showMainWindow: () => true,
  hideQuickAsk: () => true,
  secrets: { mode: 'plain', encode: (plain) => plain },
};
