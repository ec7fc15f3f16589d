// Bringing MCP servers into Nanotray from the window: the servers other apps configured (scan, add the chosen ones)
// and Claude Desktop extensions (.mcpb) read from a file the user picked and installed. Each action answers with a
// result the dialog shows; the server list refreshes after anything was added.
import type { BundleInstallResult, BundlePreview, ImportChoice, ImportOutcome, ImportScan } from '@contract/schemas';
import { call, type CallResult } from './ipc-call';
import type { SliceCreator } from './store-types';

export interface McpImportSlice {
  scanMcpImports(): Promise<CallResult<ImportScan>>;
  addMcpImports(choices: ImportChoice[]): Promise<CallResult<ImportOutcome[]>>;
  readMcpBundle(fileName: string, base64: string): Promise<CallResult<BundlePreview>>;
  installMcpBundle(token: string, name: string | undefined, values: Record<string, string>): Promise<CallResult<BundleInstallResult>>;
}

export const createMcpImportSlice: SliceCreator<McpImportSlice> = (_set, get, deps) => ({
  scanMcpImports: () => call(deps.api.imports.scan({})),

  async addMcpImports(choices) {
    const res = await call(deps.api.imports.add({ choices }));
    if (res.ok) await get().loadMcp();
    return res.ok ? { ok: true, value: res.value.outcomes } : res;
  },

  readMcpBundle: (fileName, base64) => call(deps.api.imports.readBundle({ fileName, base64 })),

  async installMcpBundle(token, name, values) {
    const res = await call(deps.api.imports.installBundle({ token, ...(name ? { name } : {}), values }));
    if (res.ok) await get().loadMcp();
    return res;
  },
});
