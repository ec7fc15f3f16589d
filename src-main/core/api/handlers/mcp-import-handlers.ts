// imports:* handlers: the servers other apps configured (shown without their secrets) and adding the chosen ones;
// a .mcpb bundle sent as bytes, read and installed with the settings the form asked.
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { BUNDLE_LIMITS } from '../../mcp/import/mcpb/bundle-limits';
import { fromResult, ipcFail, ipcOk } from '../ipc-values';

type McpImportHandlers = Pick<InvokeHandlers, 'imports:scan' | 'imports:add' | 'imports:read-bundle' | 'imports:install-bundle'>;

export function createMcpImportHandlers(core: Core): McpImportHandlers {
  return {
    async 'imports:scan'() {
      return ipcOk(await core.mcpImport.scan({ workspace: core.workspace() }));
    },

    async 'imports:add'({ choices }) {
      return ipcOk({ outcomes: await core.mcpImport.add(choices, { workspace: core.workspace() }) });
    },

    async 'imports:read-bundle'({ base64 }) {
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length === 0) return ipcFail('invalid_input', 'The file is empty or not base64.');
      if (bytes.length > BUNDLE_LIMITS.fileBytes) return ipcFail('invalid_input', `The file is larger than ${BUNDLE_LIMITS.fileBytes / 1024 / 1024} MB.`);
      return fromResult(await core.mcpImport.readBundle(bytes), (preview) => preview);
    },

    async 'imports:install-bundle'({ token, name, values }) {
      return fromResult(await core.mcpImport.installBundle(token, { ...(name ? { name } : {}), values }), (installed) => installed);
    },
  };
}
