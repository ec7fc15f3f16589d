// How a stdio MCP server is started: as configured, or (sandbox: true) inside the OS sandbox exec uses, with its own
// data folder as cwd and HOME, an environment of what its config gives, and the network only through its egress proxy
// (per-host policy, asked with the server's name); with sandbox: true and no working sandbox it is not started, and
// the reason is what its status shows.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { Config, McpServerConfig } from '../../../../src-preload/contract/config-schema';
import { proxyListenFor, type ExecSandbox } from '../../tools/os-sandbox/exec-sandbox';
import type { McpEgressHost, ServerEgress } from './server-egress';
import { stdioParameters, type StdioParameters } from '../mcp-transport';
import { MCP_DATA_DIR, planMcpSandbox } from './mcp-sandbox-plan';

/** What starting a server comes to: its child process, or why it is not started. */
export type StdioLaunch = { ok: true; params: StdioParameters; sandboxed: boolean } | { ok: false; reason: string };

/** What the sandbox of MCP servers needs from the core. */
export interface McpSandboxHost {
  sandbox: ExecSandbox;
  config(): Config;
  /** $NANOTRAY_HOME: hidden from the server, its data folders live in it. */
  nanotrayHome: string;
  /** Real path of the workspace. */
  workspace(): string;
  /** The environment of this process: HOME and XDG_RUNTIME_DIR (hidden) and PATH (given to the server). */
  env: NodeJS.ProcessEnv;
  /** The host policy and ledger for the servers' connections; without it a sandboxed server has no network. */
  egress?: McpEgressHost;
}

const DATA_FOLDER_NAME = /^[a-z0-9_-]+$/;

/**
 * The server's folder name under `<home>/mcp-data/`: its name where that is plain lower-case, else a cleaned name
 * with a hash of the real one (so `my.files` and `my_files`, or `Files` and `files` on a case-blind disk, never
 * share one).
 */
export function dataFolderName(server: string): string {
  if (DATA_FOLDER_NAME.test(server)) return server;
  const cleaned = server.toLowerCase().replace(/[^a-z0-9_-]/g, '_');
  return `${cleaned}-${createHash('sha256').update(server).digest('hex').slice(0, 8)}`;
}

/**
 * The environment a sandboxed server starts with (the MCP SDK adds its small safe list: LOGNAME, SHELL, TERM, USER;
 * what is set here wins): PATH to find its program, HOME its data folder (where tools keep caches and settings), and
 * what its config gives. Nothing else of Nanotray's environment; secrets go in `env`, never in argv.
 */
function sandboxEnv(config: McpServerConfig, dataDir: string, path: string | undefined): Record<string, string> {
  return { PATH: path || '/usr/local/bin:/usr/bin:/bin', HOME: dataDir, TMPDIR: '/tmp', XDG_CONFIG_HOME: join(dataDir, '.config'), XDG_CACHE_HOME: join(dataDir, '.cache'), ...config.env };
}

/**
 * What glibc's loader (ld.so) acts on before a program's first line, and refuses for a privileged program: LD_PRELOAD
 * and LD_AUDIT load a library, LD_DEBUG_OUTPUT and MALLOC_TRACE write a file, GCONV_PATH loads modules. bwrap runs
 * outside the sandbox, so these must not be in its environment: a repository's server would run its library there.
 */
const LOADER_VARIABLE = /^(LD_.*|GCONV_PATH|GETCONF_DIR|GLIBC_TUNABLES|HOSTALIASES|LOCALDOMAIN|LOCPATH|MALLOC_TRACE|NIS_PATH|NLSPATH|RESOLV_HOST_CONF|RES_OPTIONS|TZDIR)$/;

/** `env` split into what the sandbox program may see and the loader variables set inside the sandbox only. */
function loaderVariables(env: Record<string, string>): { outside: Record<string, string>; inside: Record<string, string> } {
  const outside: Record<string, string> = {};
  const inside: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) (LOADER_VARIABLE.test(name) ? inside : outside)[name] = value;
  return { outside, inside };
}

/**
 * Makes (first start) the server's data folder and returns its path. It must be exactly where it belongs, with no link
 * on the way: a sandboxed command of a workspace that is the home could have put `mcp-data/<server>` there as a link
 * to ~/.ssh, which would then be bound writable.
 */
function makeDataFolder(nanotrayHome: string, server: string): { ok: true; path: string } | { ok: false; reason: string } {
  try {
    const root = join(realpathSync.native(nanotrayHome), MCP_DATA_DIR);
    const wanted = join(root, dataFolderName(server));
    mkdirSync(wanted, { recursive: true, mode: 0o700 });
    if (realpathSync.native(wanted) !== wanted || lstatSync(wanted).isSymbolicLink() || !lstatSync(wanted).isDirectory()) {
      return { ok: false, reason: `its data folder ${wanted} is a link or not a folder, so the server was not started; remove it` };
    }
    return { ok: true, path: wanted };
  } catch (err) {
    return { ok: false, reason: `its data folder could not be made: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** The server's child process: plain, sandboxed, or refused (sandbox: true and no sandbox works here). */
export async function prepareStdioLaunch(
  name: string,
  config: McpServerConfig,
  baseDir: string,
  host: McpSandboxHost | undefined,
  egress: ServerEgress | undefined,
): Promise<StdioLaunch> {
  if (!config.sandbox) return { ok: true, params: stdioParameters(config, baseDir), sandboxed: false };
  if (!host) return { ok: false, reason: 'sandbox is true, but this host offers no OS sandbox, so the server was not started' };
  // The server needs a sandbox that can cut the network, whatever tools.exec says about commands.
  const state = await host.sandbox.state({ ...host.config().tools.exec, sandbox: 'on', network: 'ask' });
  if (state.status !== 'on') {
    const detail = state.status === 'unavailable' ? state.detail : 'the OS sandbox is off';
    return { ok: false, reason: `sandbox is true, but the OS sandbox is unavailable (${detail}), so the server was not started` };
  }
  const dataDir = makeDataFolder(host.nanotrayHome, name);
  if (!dataDir.ok) return dataDir;
  const cwd = config.cwd ? (isAbsolute(config.cwd) ? config.cwd : resolve(baseDir, config.cwd)) : dataDir.path;
  const plan = planMcpSandbox({
    dataDir: dataDir.path,
    workspace: host.workspace(),
    workspaceAccess: config.sandboxWorkspace,
    cwd,
    nanotrayHome: host.nanotrayHome,
    userHome: host.env.HOME || homedir(),
    ...(host.env.XDG_RUNTIME_DIR ? { runtimeDir: host.env.XDG_RUNTIME_DIR } : {}),
  });
  // its own network namespace has only loopback; the proxy (when the bridge works here) is the one way out
  const listen = proxyListenFor(state);
  const proxy = listen && egress ? await egress.open(listen, host.config, host.workspace) : undefined;
  const all = { ...sandboxEnv(config, dataDir.path, host.env.PATH), ...proxy?.env };
  // seatbelt: sandbox-exec is a protected system program, whose loader ignores DYLD_* variables
  const { outside: env, inside } = state.kind === 'bubblewrap' ? loaderVariables(all) : { outside: all, inside: {} };
  const wrapped = host.sandbox.wrapPlan({ file: config.command ?? '', args: config.args }, plan, { ...(proxy ? { proxy: proxy.proxy } : {}), setenv: inside });
  return { ok: true, sandboxed: true, params: { command: wrapped.file, args: wrapped.args, env, cwd: dataDir.path, stderr: 'pipe' } };
}
