// /approve [ask|auto|readonly|server <name>|host <host>]: the approval mode, or always allow an MCP server or a web host.
import type { Config } from '../../../../src-preload/contract/config-schema';
import { sanitizeNamePart } from '../../mcp/tool-naming';
import type { CommandServices } from '../command-services';
import { commandError, type CommandOutcome, type SlashCommand } from '../slash-command';

type ApprovalMode = Config['tools']['approval']['mode'];

const MODES: Record<ApprovalMode, string> = {
  ask: 'ask before write and command tools',
  auto: 'run every tool without asking',
  readonly: 'refuse write and command tools',
};

function isMode(value: string): value is ApprovalMode {
  return value in MODES;
}

/** `/approve server <name>`: a permanent rule allowing every tool of a configured MCP server. */
function allowServer(name: string | undefined, services: CommandServices): CommandOutcome {
  if (!name) return commandError('Error: usage: /approve server <name>');
  if (!services.config().mcpServers[name]) {
    const known = Object.keys(services.config().mcpServers).sort().join(', ') || '(none)';
    return commandError(`Error: no MCP server '${name}' in config.json. Servers: ${known}.`);
  }
  const { id } = services.approvals.addRule({ tool: `mcp_${sanitizeNamePart(name)}`, kind: 'server', pattern: name });
  return { output: `Every tool of MCP server '${name}' is now always allowed (rule ${id}; revoke it in settings).` };
}

/** `/approve host <host>`: a permanent rule letting web_fetch reach the host without asking. */
function allowHost(host: string | undefined, services: CommandServices): CommandOutcome {
  if (!host) return commandError('Error: usage: /approve host <host>   (e.g. /approve host docs.python.org)');
  const added = services.approvals.allowHost(host);
  if (!added.ok) return commandError(added.error.message);
  return { output: `web_fetch and commands may now reach ${added.value.pattern} without asking (rule ${added.value.id}; revoke it in settings).` };
}

export const approveCommand: SlashCommand = {
  name: 'approve',
  summary: 'Show or change the approval mode, or always allow an MCP server or a web host',
  usage: '/approve [ask|auto|readonly|server <name>|host <host>]',
  subcommands: [
    ...Object.entries(MODES).map(([name, summary]) => ({ name, summary })),
    { name: 'server', summary: 'Always allow every tool of an MCP server' },
    { name: 'host', summary: 'Always allow web_fetch to reach a host' },
  ],
  completeArgs(args, services) {
    if (args.length === 1) return [...Object.keys(MODES), 'server', 'host'];
    if (args.length === 2 && args[0]?.toLowerCase() === 'server') return Object.keys(services.config().mcpServers).sort();
    return [];
  },
  async run({ args, services }) {
    const wanted = args[0]?.toLowerCase();
    if (wanted === 'server') return allowServer(args[1], services);
    if (wanted === 'host') return allowHost(args[1], services);
    if (!wanted) {
      const mode = services.config().tools.approval.mode;
      return { output: `Approval mode: ${mode} (${MODES[mode]}). Modes: ${Object.keys(MODES).join(', ')}.` };
    }
    if (!isMode(wanted)) return commandError(`Error: unknown approval mode '${wanted}'. Modes: ${Object.keys(MODES).join(', ')}.`);
    const updated = services.updateConfig((raw) => {
      const tools = (raw.tools ??= {}) as Record<string, unknown>;
      const approval = (tools.approval ??= {}) as Record<string, unknown>;
      approval.mode = wanted;
    });
    if (!updated.ok) return commandError(`Error: could not save the approval mode: ${updated.error.message}`);
    return { output: `Approval mode set to ${wanted} (${MODES[wanted]}).` };
  },
};
