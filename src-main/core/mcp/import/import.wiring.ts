// Builds `core.mcpImport` for the composition root: servers from other apps' configs and .mcpb bundles, added
// through `core.mcp`, sandboxed where the sandbox MCP servers use works. Loaded on first use: no turn needs the
// config readers or the zip reader, so a one-shot `agent -m` does not pay for them.
import { homedir } from 'node:os';
import type { CoreBase } from '../../base/core-base';
import type { ExecSandbox } from '../../tools/os-sandbox/exec-sandbox';
import type { McpService } from '../mcp-types';
import type { BundleInstall } from './mcpb/bundle-install';
import type { ServerImport } from './server-import';

/** `core.mcpImport`: `scan`, `add` (servers of other apps), `readBundle`, `installBundle` (.mcpb files). */
export interface McpImportService {
  scan: ServerImport['scan'];
  add: ServerImport['add'];
  readBundle: BundleInstall['read'];
  installBundle: BundleInstall['install'];
}

export function wireMcpImport(base: CoreBase, deps: { mcp: McpService; sandbox: ExecSandbox }): McpImportService {
  const sandboxWorks = async (): Promise<boolean> => (await deps.sandbox.state({ ...base.config().tools.exec, sandbox: 'on', network: 'ask' })).status === 'on';
  const userHome = (process.platform === 'win32' ? base.env.USERPROFILE : base.env.HOME) || homedir();
  let servers: Promise<ServerImport> | undefined;
  let bundles: Promise<BundleInstall> | undefined;
  const serverImport = () =>
    (servers ??= import('./server-import').then(({ ServerImport }) => new ServerImport({ mcp: deps.mcp, config: base.config, env: base.env, sandboxWorks })));
  // one instance: a bundle read is installed later by its token
  const bundleInstall = () =>
    (bundles ??= import('./mcpb/bundle-install').then(
      ({ BundleInstall }) => new BundleInstall({ mcp: deps.mcp, config: base.config, nanotrayHome: base.paths.home, userHome, sandboxWorks }),
    ));
  return {
    scan: async (options) => (await serverImport()).scan(options),
    add: async (choices, options) => (await serverImport()).add(choices, options),
    readBundle: async (bytes) => (await bundleInstall()).read(bytes),
    installBundle: async (token, options) => (await bundleInstall()).install(token, options),
  };
}
