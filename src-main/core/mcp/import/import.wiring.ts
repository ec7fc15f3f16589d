// Builds `core.mcpImport` for the composition root: servers from other apps' configs and .mcpb bundles, added
// through `core.mcp`, sandboxed where the sandbox MCP servers use works.
import { homedir } from 'node:os';
import type { CoreBase } from '../../base/core-base';
import type { ExecSandbox } from '../../tools/os-sandbox/exec-sandbox';
import type { McpService } from '../mcp-types';
import { BundleInstall } from './mcpb/bundle-install';
import { ServerImport } from './server-import';

/** `core.mcpImport`: `scan`, `add` (servers of other apps), `readBundle`, `installBundle` (.mcpb files). */
export interface McpImportService {
  scan: ServerImport['scan'];
  add: ServerImport['add'];
  readBundle: BundleInstall['read'];
  installBundle: BundleInstall['install'];
}

export function wireMcpImport(base: CoreBase, deps: { mcp: McpService; sandbox: ExecSandbox }): McpImportService {
  const sandboxWorks = async (): Promise<boolean> => (await deps.sandbox.state({ ...base.config().tools.exec, sandbox: 'on', network: 'ask' })).status === 'on';
  const servers = new ServerImport({ mcp: deps.mcp, config: base.config, env: base.env, sandboxWorks });
  const userHome = (process.platform === 'win32' ? base.env.USERPROFILE : base.env.HOME) || homedir();
  const bundles = new BundleInstall({ mcp: deps.mcp, config: base.config, nanotrayHome: base.paths.home, userHome, sandboxWorks });
  return {
    scan: (options) => servers.scan(options),
    add: (choices, options) => servers.add(choices, options),
    readBundle: (bytes) => bundles.read(bytes),
    installBundle: (token, options) => bundles.install(token, options),
  };
}
