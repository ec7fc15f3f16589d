// /mcp [status|add|remove|reload|help]: the MCP servers — their state, and adding or removing one.
import type { McpServerInput, McpServerStatus } from '../../mcp/mcp-types';
import { describeBudget, type BudgetReport } from '../../mcp/tool-budget';
import { formatUtcTimestamp } from '../../lib/zoned-time';
import { commandError, type SlashCommand } from '../slash-command';

const STATE_LABEL: Record<McpServerStatus['state'], string> = {
  connected: 'connected',
  connecting: 'connecting',
  failing: 'failing',
  circuit_open: 'circuit open',
  needs_auth: 'needs sign-in',
  failed: 'not started',
  disabled: 'disabled',
  idle: 'not started',
};

/** How `(…)` after a server says where it runs. */
const SANDBOX_NOTE: Record<NonNullable<McpServerStatus['sandbox']> | 'none', string | undefined> = {
  on: 'sandboxed',
  off: 'not sandboxed',
  unavailable: 'sandbox unavailable',
  none: undefined,
};

const HELP = [
  'MCP servers give the agent extra tools, named mcp_<server>_<tool>.',
  '  /mcp status                     each server: state, tool count, last error',
  '  /mcp add <name> <command…>      add a stdio server, run in the OS sandbox (e.g. /mcp add files npx -y @scope/server)',
  '  /mcp add <name> --no-sandbox <command…>   the same with the user\'s full rights (files, keys, network)',
  '  /mcp add <name> <url>           add a streamable HTTP server (SSE is tried as a fallback)',
  '  /mcp remove <name>              remove a server from config.json and disconnect it',
  '  /mcp reload                     re-read mcpServers from config.json and reconnect',
  'Settings live in config.json under "mcpServers" (env, cwd, headers, trusted, enable, timeout, oauth, sandbox).',
  'A sandboxed server writes only its own folder <home>/mcp-data/<name>/ (its cwd and HOME), reads the workspace,',
  'sees none of your keys or Nanotray\'s files, and has no network.',
  'An HTTP server that needs sign-in shows "needs sign-in": use Sign in in the runtime panel or `nanotray mcp login <name>`.',
].join('\n');

/** `4 resource(s), 1 prompt(s)` and why tools are hidden, when there is any of it. */
function extras(s: McpServerStatus): string {
  const offers = [s.resourceCount ? `${s.resourceCount} resource(s)` : '', s.promptCount ? `${s.promptCount} prompt(s)` : ''].filter(Boolean);
  const hidden = [
    s.hidden.filtered ? `${s.hidden.filtered} left out by includeTools/excludeTools` : '',
    s.hidden.taskOnly ? `${s.hidden.taskOnly} task-only` : '',
    s.hidden.overLimit ? `${s.hidden.overLimit} over the tool limit` : '',
  ].filter(Boolean);
  return `${offers.length ? `, ${offers.join(', ')}` : ''}${hidden.length ? ` [hidden: ${hidden.join(', ')}]` : ''}`;
}

/** One line per server (and the tool limit's warning), for `/mcp status` and the CLI `status` command. */
export function formatMcpStatus(servers: McpServerStatus[], budget?: BudgetReport): string {
  if (!servers.length) return 'No MCP servers configured. Add one with /mcp add <name> <command…>.';
  const nameWidth = Math.max(...servers.map((s) => s.name.length));
  const stateWidth = Math.max(...servers.map((s) => STATE_LABEL[s.state].length));
  const lines = servers.map((s) => {
    const notes = [s.transport, SANDBOX_NOTE[s.sandbox ?? 'none'], s.trusted ? 'trusted' : undefined].filter(Boolean).join(', ');
    let line = `  ${s.name.padEnd(nameWidth)}  ${STATE_LABEL[s.state].padEnd(stateWidth)}  ${s.toolCount} tool(s)${extras(s)}  (${notes})`;
    if (s.state !== 'connected' && s.error) line += ` — ${s.error}`;
    if ((s.state === 'circuit_open' || s.state === 'failing') && s.retryAt) line += `; retrying after ${formatUtcTimestamp(s.retryAt)}`;
    if (s.state === 'needs_auth') line += `; sign in with: nanotray mcp login ${s.name}`;
    return line;
  });
  return ['MCP servers:', ...lines, ...(budget ? [`⚠ ${describeBudget(budget)}`] : [])].join('\n');
}

/** The flag right after the name that runs a stdio server outside the sandbox (a later one is the server's own). */
const NO_SANDBOX = '--no-sandbox';

/**
 * `<command…>` → a stdio server, sandboxed unless `--no-sandbox` came first (a server added from the chat may come
 * from text the model was shown); a single http(s) URL → an HTTP server.
 */
function serverFromWords(words: string[]): McpServerInput {
  const unsandboxed = words[0] === NO_SANDBOX;
  const [first = '', ...rest] = unsandboxed ? words.slice(1) : words;
  if (rest.length === 0 && /^https?:\/\//i.test(first)) return { url: first };
  return { command: first, args: rest, sandbox: !unsandboxed };
}

export const mcpCommand: SlashCommand = {
  name: 'mcp',
  summary: 'MCP servers: status, add, remove, reload',
  usage: '/mcp [status|add|remove|reload|help]',
  subcommands: [
    { name: 'status', summary: 'State of each server (default)' },
    { name: 'add', summary: 'Add a server: /mcp add <name> [--no-sandbox] <command…> or <url>' },
    { name: 'remove', summary: 'Remove a server: /mcp remove <name>' },
    { name: 'reload', summary: 'Re-read config.json and reconnect' },
    { name: 'help', summary: 'How MCP servers are configured' },
  ],
  completeArgs(args, services) {
    if (args.length === 1) return ['status', 'add', 'remove', 'reload', 'help'];
    if (args.length === 2 && args[0]?.toLowerCase() === 'remove') return services.mcp.status().map((s) => s.name);
    return [];
  },
  async run({ args, services }) {
    const mcp = services.mcp;
    const sub = args[0]?.toLowerCase() ?? 'status';
    if (sub === 'help') return { output: HELP };
    switch (sub) {
      case 'add': {
        const name = args[1];
        if (!name || args.length < 3 || (args[2] === NO_SANDBOX && args.length < 4)) {
          return commandError('Error: usage: /mcp add <name> [--no-sandbox] <command…> or /mcp add <name> <url>');
        }
        const added = await mcp.add(name, serverFromWords(args.slice(2)));
        if (!added.ok) return commandError(added.error);
        return { output: `Added MCP server '${name}'.\n${formatMcpStatus([added.value])}` };
      }
      case 'remove': {
        const name = args[1];
        if (!name) return commandError('Error: usage: /mcp remove <name>');
        const removed = await mcp.remove(name);
        return removed.ok ? { output: `Removed MCP server '${name}'.` } : commandError(removed.error);
      }
      case 'reload':
        await mcp.reload({ force: true });
        return { output: `Reloaded MCP servers.\n${formatMcpStatus(mcp.status(), mcp.budget())}` };
      default:
        return { output: formatMcpStatus(mcp.status(), mcp.budget()) };
    }
  },
};
