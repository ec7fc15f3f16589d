// The egress of one sandboxed MCP server: its proxy (the one exec's commands use), opened at its first start and kept
// across reconnects until the server is stopped. Each new host is decided by the host policy in the context of the call
// the server is serving (asked in that session as "MCP server '<name>' wants to reach host:port"); with no call of
// someone who can answer running, only a host rule or the mode lets it through. Recorded with the source
// {kind: 'mcp', server}.
import { z } from 'zod';
import type { Config } from '../../../../src-preload/contract/config-schema';
import { openCommandEgress, type CommandEgress } from '../../tools/egress/command-egress';
import type { EgressTarget } from '../../tools/egress/egress-policy';
import type { EgressLedger, EgressVerdict } from '../../tools/egress/egress-record';
import { defineTool, fail, type Tool, type ToolContext } from '../../tools/tool';
import type { RunningCalls } from '../elicitation/running-calls';

/** What the core gives the servers' egress: the host policy (one rule table with web_fetch and exec) and the ledger. */
export interface McpEgressHost {
  /** The verdict for one connection of `asker` (see serverAsker) in the context `ctx`. Never rejects. */
  policy(asker: Tool, target: EgressTarget, ctx: ToolContext): Promise<EgressVerdict>;
  ledger?: EgressLedger;
}

/**
 * Who asks, as the approval card, quick ask and the CLI name it: "MCP server 'files'". Never registered or run: it only
 * names the question (and the category network).
 */
export function serverAsker(server: string): Tool {
  return defineTool({
    name: `MCP server '${server}'`,
    description: `Connections of the sandboxed MCP server '${server}'.`,
    params: z.strictObject({}),
    category: 'network',
    run: async () => fail('refused', 'Error: not a tool'),
  }) as Tool;
}

/** A context for a connection no call is waiting for (the server starting, or working on its own): nobody answers. */
function unattended(config: Config, workspace: string, signal: AbortSignal): ToolContext {
  return {
    sessionKey: '',
    channel: 'mcp',
    chatId: '',
    turnId: '',
    callId: '',
    workspace,
    builtinSkillsDir: '',
    config,
    signal,
    iteration: 0,
    interactive: false,
    vision: false,
    inCronRun: false,
    emit: () => {},
    now: () => Date.now(),
  };
}

export class ServerEgress {
  #opening: Promise<CommandEgress> | undefined;
  readonly #asker: Tool;

  constructor(
    private readonly server: string,
    private readonly calls: RunningCalls,
    private readonly host: McpEgressHost,
  ) {
    this.#asker = serverAsker(server);
  }

  /** The server's proxy (opened once): its address for the sandbox and the environment pointing there. */
  open(listen: 'unix' | 'tcp', config: () => Config, workspace: () => string): Promise<CommandEgress> {
    this.#opening ??= openCommandEgress({
      listen,
      filter: 'policy',
      decide: (target, signal) => this.#decide(target, signal, config(), workspace()),
      source: { kind: 'mcp', server: this.server },
      sessionKey: '',
      allowPrivateHosts: config().tools.web.allowPrivateHosts,
      ...(this.host.ledger ? { ledger: this.host.ledger } : {}),
    });
    return this.#opening;
  }

  async #decide(target: EgressTarget, signal: AbortSignal, config: Config, workspace: string): Promise<EgressVerdict> {
    const call = this.calls.latestInteractive() ?? this.calls.latest();
    const ctx = call ? { ...call.ctx, signal } : unattended(config, workspace, signal);
    // the user's time to answer does not count against the calls' deadlines
    const resume = this.calls.pauseAll();
    try {
      return await this.host.policy(this.#asker, target, ctx);
    } finally {
      resume();
    }
  }

  /** Stops the proxy (a question still waiting is withdrawn). */
  async close(): Promise<void> {
    const opening = this.#opening;
    this.#opening = undefined;
    const egress = await opening?.catch(() => undefined);
    await egress?.close();
  }
}
