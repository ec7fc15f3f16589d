// `nanotray mcp login|logout|status <server>`: OAuth sign-in to HTTP MCP servers from the terminal; `mcp import` and
// `mcp install <file.mcpb>` bring servers from other apps and extensions (mcp-import.ts, mcp-install.ts).
import { formatMcpStatus } from '../../../core/commands/builtin/mcp.command';
import { parseArgs, write, type CliCommand } from '../cli-command';
import { openCliCore } from './cli-core';
import { signInOnTerminal } from './mcp-sign-in';
import { runMcpImport } from './mcp-import';
import { runMcpInstall } from './mcp-install';

const USAGE = `Usage: nanotray mcp login <server> | logout <server> | status | import [--pick 1,3 | --all] [--workspace <dir>]
                   | install <file.mcpb> [--name <name>]

  login <server>    Sign in to an HTTP MCP server (OAuth): prints the address to open and opens it with
                    $BROWSER or the system's opener; waits until the browser comes back (Ctrl+C stops).
                    Machine clients (oauth.grantType "client_credentials") sign in without a browser.
  logout <server>   Forget the server's tokens and its registration.
  status            Every MCP server: state, tool count, last error.
  import            The servers Claude Desktop, Cursor and VS Code have configured (user files and the
                    workspace's .cursor/ and .vscode/mcp.json): listed with what each runs, the chosen ones
                    added untrusted and in the OS sandbox where it works. --pick/--all choose without asking.
  install <file>    Install a Claude Desktop extension (.mcpb): asks its settings (sensitive ones unseen),
                    unpacks it into $NANOTRAY_HOME/mcp-data/<name>/extension and adds its server.

Tokens are kept in $NANOTRAY_HOME/mcp-auth.json (mode 0600; encrypted with the keychain by the desktop app),
never printed and never shown to the model.`;

/** How long `status` waits for the servers to connect. */
const STATUS_WAIT_MS = 10_000;

export const mcpCliCommand: CliCommand = {
  name: 'mcp',
  summary: 'MCP servers: sign in (login), sign out (logout), status, import, install',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseArgs(args, ['all']);
    const [action, name, ...extra] = parsed.positionals;
    if ((action === 'import' && !name) || (action === 'install' && name && !extra.length)) {
      const core = openCliCore(io, 'mcp');
      if (!core) return 1;
      try {
        return action === 'import' ? await runMcpImport(core, io, parsed) : await runMcpInstall(core, io, name!, parsed);
      } finally {
        await core.dispose();
      }
    }
    if (action === 'status' && !name) {
      const core = openCliCore(io, 'mcp');
      if (!core) return 1;
      try {
        await core.mcp.waitForServers(STATUS_WAIT_MS);
        write(io.stdout, formatMcpStatus(core.mcp.status()));
        return 0;
      } finally {
        await core.dispose();
      }
    }
    if ((action !== 'login' && action !== 'logout') || !name || extra.length > 0) {
      write(io.stderr, USAGE);
      return 2;
    }
    const core = openCliCore(io, 'mcp');
    if (!core) return 1;
    try {
      if (!core.mcp.status().some((s) => s.name === name)) {
        write(io.stderr, `nanotray mcp: no MCP server '${name}' in config.json`);
        return 1;
      }
      if (action === 'login') return (await signInOnTerminal(core, io, name)) ? 0 : 1;
      const result = await core.mcp.signOut(name);
      if (!result.ok) {
        write(io.stderr, `nanotray mcp: ${result.error.message}`);
        return 1;
      }
      write(io.stderr, `Signed out of MCP server '${name}' (its tokens and registration are removed).`);
      return 0;
    } finally {
      await core.dispose();
    }
  },
};
