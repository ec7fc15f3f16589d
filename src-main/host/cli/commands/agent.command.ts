// `nanotray agent`: one turn with -m (answer to stdout, tool activity to stderr), or an interactive REPL.
import { createInterface, type Interface } from 'node:readline';
import type { Core } from '../../../core/nanotray-core';
import type { ApprovalDecision } from '../../../../src-preload/contract/event-schemas';
import { effectiveModel } from '../../../core/model/model-presets';
import type { TurnResult } from '../../../core/agent/session-runner';
import { listMessages } from '../../../core/store/messages.repo';
import { getSession } from '../../../core/store/sessions.repo';
import { flagString, parseArgs, write, type CliCommand, type CliIo } from '../cli-command';
import { openCliCore, type ApprovalRequestedEvent, type ElicitationRequestedEvent } from './cli-core';
import { memoryNotice, TurnPrinter } from './turn-printer';
import { askOnTty } from '../tty-approval';
import { askElicitationOnTty, type TtyElicitationAnswer } from '../tty-elicitation';
import { openFile } from '../../web/browser-launcher';
import { offerSignIns } from './mcp-sign-in';
import { mcpNotices } from './mcp-notices';
import { exitCodeOfSignal, stopTurnOnSignals } from '../turn-stop-signals';
import { parseEgressHost } from '../../../core/tools/egress/egress-host';
import { routeInput } from '../../../core/commands/command-front-door';

const USAGE = `Usage: nanotray agent [-m "text"] [--session KEY] [--yes] [--allow-host HOST[:PORT]]… [--show-reasoning]

  -m, --message TEXT   Run one turn and exit (the answer streams to stdout, tool activity to stderr).
                       Without -m: an interactive prompt (exit or Ctrl+D quits, Ctrl+C cancels a turn).
  -s, --session KEY    Session cli:KEY (default cli:default); history is kept per session.
  -y, --yes            Allow every command and file change this run without asking (not hosts).
  --allow-host HOST    Let web_fetch and commands reach HOST (HOST:PORT for another port than 80/443) this run
                       without asking; repeat it for more hosts.
  --show-reasoning     Print the model's reasoning (its "thinking") to stderr as it streams.`;

/** How long a one-shot run waits for configured MCP servers before its first model call. */
const MCP_WAIT_MS = 10_000;

/**
 * Which commands depend on MCP connections (`/mcp`, `/tools`, a server's prompt `/<server>:<prompt>`): asked only of
 * text the front door already routed as a command, so the CLI can wait for the servers first.
 */
const NEEDS_MCP = /^\s*\/(mcp|tools|[^\s:]+:)/i;

/**
 * `-m "/mcp status"`: routed by the core's front door; a slash command runs without the model (and without a
 * provider), MCP commands after waiting for the servers. Exit code 1 when the answer is an error; text for the model
 * (as typed, or a prompt's filled-in message) is returned to send.
 */
async function oneShotInput(core: Core, io: CliIo, sessionKey: string, text: string): Promise<number | { send: string }> {
  const beforeCommand = async (line: string): Promise<void> => {
    if (NEEDS_MCP.test(line)) await core.mcp.waitForServers(MCP_WAIT_MS);
  };
  const routed = await routeInput(core.commands, sessionKey, text, { beforeCommand });
  if (routed.kind === 'message') return { send: routed.text };
  write(io.stdout, routed.result.output);
  return routed.result.failed ? 1 : 0;
}

/** Readline completion of slash commands and their arguments (a server's prompt arguments ask the server). */
function slashCompleter(core: Core): (line: string, done: (err: null, result: [string[], string]) => void) => void {
  return (line, done) => {
    void core.commands.completeAsync(line).then((list) => done(null, [list.map((c) => c.text), line]));
  };
}

/** Exit codes: 0 answered, 1 failed (reason on stderr), 130 cancelled. */
export function exitCodeFor(result: TurnResult): number {
  if (result.stopReason === 'completed' || result.stopReason === 'max_iterations') return 0;
  return result.stopReason === 'cancelled' ? 130 : 1;
}

/** Checks before anything is stored that the session's provider exists; returns the how-to otherwise. */
function providerProblem(core: Core, sessionKey: string): string | undefined {
  const meta = getSession(core.db, sessionKey)?.meta;
  const model = effectiveModel(core.config(), core.overrides, meta?.modelPreset, meta?.model);
  const provider = core.providerFor(model.provider);
  return provider.ok ? undefined : provider.error.message;
}

/**
 * The approval call site of the CLI agent: asks on the terminal (through the REPL's readline when there is
 * one). The prompt stops when `signal` fires (the turn ended or was cancelled, or it was answered elsewhere).
 */
function answerApproval(io: CliIo, event: ApprovalRequestedEvent, signal: AbortSignal, rl?: Interface): Promise<ApprovalDecision> {
  return askOnTty(event, io, rl ? { rl, signal } : { signal });
}

interface TurnOptions {
  yes: boolean;
  /** Canonical hosts from --allow-host. */
  allowHosts: string[];
  showReasoning: boolean;
  rl?: Interface;
}

/**
 * An MCP server's request for input, asked on the terminal; an accepted link is opened with $BROWSER or the
 * system's opener (only https or loopback ever gets here).
 */
function answerElicitation(io: CliIo, event: ElicitationRequestedEvent, signal: AbortSignal, rl?: Interface): Promise<TtyElicitationAnswer> {
  return askElicitationOnTty(event, io, { signal, ...(rl ? { rl } : {}), open: (url) => openFile(url, io.env) });
}

async function runTurn(core: Core, io: CliIo, sessionKey: string, text: string, options: TurnOptions): Promise<TurnResult> {
  const printer = new TurnPrinter(io, sessionKey, { showReasoning: options.showReasoning });
  const prompts = new Map<string, AbortController>();
  // One question at a time on the terminal: an approval and a server's form never interleave.
  let asking: Promise<unknown> = Promise.resolve();
  const ask = <T>(id: string, question: (signal: AbortSignal) => Promise<T>, answer: (value: T) => void): void => {
    const stop = new AbortController();
    prompts.set(id, stop);
    const next = asking.then(() => (stop.signal.aborted ? undefined : question(stop.signal).then((value) => !stop.signal.aborted && answer(value))));
    asking = next.catch(() => undefined).finally(() => prompts.delete(id));
  };
  const off = core.events.on((event) => {
    printer.handle(event);
    const notice = memoryNotice(event);
    if (notice) write(io.stderr, notice);
    if (event.type === 'approval.requested' && event.sessionKey === sessionKey) {
      ask(event.id, (signal) => answerApproval(io, event, signal, options.rl), (decision) => core.approvals.resolve(event.id, decision));
    }
    if (event.type === 'elicitation.requested' && event.sessionKey === sessionKey) {
      ask(
        event.id,
        (signal) => answerElicitation(io, event, signal, options.rl),
        (answer) => {
          const answered = core.mcp.elicitations.respond(event.id, answer.action, answer.action === 'accept' ? answer.content : undefined);
          if (!answered.ok) write(io.stderr, `nanotray agent: ${answered.error.message}`);
        },
      );
    }
    if (event.type === 'approval.resolved' || event.type === 'elicitation.resolved') prompts.get(event.id)?.abort();
  });
  try {
    // Only a terminal can answer: --yes approves commands and writes by itself, but never a host, and a host asked
    // of a script's pipe would wait for an answer nobody gives.
    const interactive = io.isTty;
    const result = await core.sessions.run({ sessionKey, text, interactive, source: 'user' });
    printer.finishAnswer();
    if (result.stopReason === 'error') write(io.stderr, `nanotray agent: ${result.error ?? 'the turn failed.'}`);
    if (result.stopReason === 'cancelled') write(io.stderr, '(cancelled)');
    if (result.stopReason === 'max_iterations') write(io.stderr, `(stopped after ${result.iterations - 1} tool rounds: the iteration limit)`);
    return result;
  } finally {
    off();
    for (const stop of prompts.values()) stop.abort();
  }
}

async function oneShot(core: Core, io: CliIo, sessionKey: string, text: string, options: TurnOptions): Promise<number> {
  // Ctrl+C, SIGTERM and SIGHUP all stop the turn and store what was streamed with the "stopped" end.
  const signals = stopTurnOnSignals(() => core.sessions.cancel(sessionKey));
  try {
    const code = exitCodeFor(await runTurn(core, io, sessionKey, text, options));
    return signals.closing ? exitCodeOfSignal(signals.closing) : code;
  } finally {
    signals.dispose();
  }
}

/** Earlier user messages of the session, newest first (readline's history order). */
function promptHistory(core: Core, sessionKey: string): string[] {
  return listMessages(core.db, sessionKey, { limit: 400 })
    .filter((m) => m.role === 'user' && m.content && !m.content.includes('\n'))
    .map((m) => m.content!)
    .reverse()
    .slice(0, 200);
}

async function repl(core: Core, io: CliIo, initialKey: string, options: TurnOptions): Promise<number> {
  const { yes } = options;
  let sessionKey = initialKey;
  const rl = createInterface({
    input: io.stdin,
    output: io.stdout,
    terminal: io.isTty,
    history: promptHistory(core, sessionKey),
    historySize: 1000,
    ...(io.isTty ? { completer: slashCompleter(core) } : {}),
    prompt: 'you › ',
  });
  let busy = false;
  // A closed terminal or `kill` during a turn stores it as stopped (as Ctrl+C does), then ends the REPL.
  const signals = stopTurnOnSignals(() => busy && core.sessions.cancel(sessionKey), ['SIGTERM', 'SIGHUP']);
  rl.on('SIGINT', () => {
    if (busy && core.sessions.cancel(sessionKey)) return;
    io.stdout.write('\n(Type exit or press Ctrl+D to quit.)\n');
    rl.prompt();
  });
  write(io.stderr, `Nanotray — session ${sessionKey}. Type exit or press Ctrl+D to quit; Ctrl+C cancels a running turn.`);
  const commands = core.commands;
  rl.prompt();
  for await (const raw of rl) {
    const line = raw.trim();
    if (line === 'exit' || line === 'quit') break;
    if (line) {
      busy = true;
      try {
        const routed = await routeInput(commands, sessionKey, line);
        // Typed text, or an MCP prompt filled in by its server, goes to the model as the user's message.
        if (routed.kind === 'message') await runTurn(core, io, sessionKey, routed.text, { ...options, rl });
        else {
          const outcome = routed.result;
          if (outcome.output) write(io.stdout, outcome.output);
          if (outcome.action === 'new_session') {
            sessionKey = `${initialKey}-${Date.now().toString(36)}`;
            if (yes) core.approvals.setSessionAutoApprove(sessionKey, true);
            core.approvals.allowHostsForSession(sessionKey, options.allowHosts);
            write(io.stderr, `New session ${sessionKey}.`);
          }
          if (outcome.action === 'clear' && io.isTty) io.stdout.write('\x1b[2J\x1b[H');
        }
      } finally {
        busy = false;
      }
    }
    if (signals.closing) break;
    rl.prompt();
  }
  signals.dispose();
  rl.close();
  return signals.closing ? exitCodeOfSignal(signals.closing) : 0;
}

/** Every `--allow-host HOST` / `--allow-host=HOST` (parseArgs keeps only the last of a repeated flag), canonical. */
function allowHostFlags(args: readonly string[]): { ok: true; value: string[] } | { ok: false; error: string } {
  const hosts: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    const raw = arg === '--allow-host' ? args[++i] : arg.startsWith('--allow-host=') ? arg.slice('--allow-host='.length) : undefined;
    if (raw === undefined) {
      if (arg === '--allow-host') return { ok: false, error: '--allow-host needs a host, e.g. --allow-host api.github.com' };
      continue;
    }
    const host = parseEgressHost(raw);
    if (!host.ok) return { ok: false, error: host.error.message.replace(/^Error: /, '') };
    hosts.push(host.value.replace(/:80$/, '')); // as the proxy names it: 80 and 443 are both the default
  }
  return { ok: true, value: hosts };
}

export const agentCommand: CliCommand = {
  name: 'agent',
  summary: 'Chat with the agent: one turn with -m, else an interactive prompt',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseArgs(args, ['yes', 'y', 'show-reasoning']);
    const message = flagString(parsed, 'm', 'message');
    const sessionName = flagString(parsed, 's', 'session') ?? 'default';
    const yes = parsed.flags.has('yes') || parsed.flags.has('y');
    const showReasoning = parsed.flags.has('show-reasoning');
    const allowHosts = allowHostFlags(args);
    if (!allowHosts.ok) {
      write(io.stderr, `nanotray agent: ${allowHosts.error}`);
      return 2;
    }
    if (parsed.flags.has('m') && message === undefined) {
      write(io.stderr, 'nanotray agent: -m needs the message text, e.g. nanotray agent -m "hello".');
      return 2;
    }
    const sessionKey = sessionName.includes(':') ? sessionName : `cli:${sessionName}`;
    const core = openCliCore(io, 'agent');
    if (!core) return 1;
    try {
      let text = message;
      if (text !== undefined) {
        const routed = await oneShotInput(core, io, sessionKey, text);
        if (typeof routed === 'number') return routed;
        text = routed.send;
      }
      const problem = providerProblem(core, sessionKey);
      if (problem) {
        write(io.stderr, `nanotray agent: ${problem}`);
        return 1;
      }
      if (yes) core.approvals.setSessionAutoApprove(sessionKey, true);
      core.approvals.allowHostsForSession(sessionKey, allowHosts.value);
      if (text !== undefined) {
        // Configured MCP servers get up to 10 s, so their tools are there for this single turn; the ones that are
        // not are named on stderr (shutdown after the answer aborts what is still connecting).
        await core.mcp.waitForServers(MCP_WAIT_MS);
        await offerSignIns(core, io);
        for (const line of mcpNotices(core.mcp)) write(io.stderr, line);
        return await oneShot(core, io, sessionKey, text, { yes, allowHosts: allowHosts.value, showReasoning });
      }
      // The REPL connects its MCP servers in the background and says which did not make it.
      void core.mcp.waitForServers(MCP_WAIT_MS).then(() => {
        for (const line of mcpNotices(core.mcp)) write(io.stderr, line);
      });
      return await repl(core, io, sessionKey, { yes, allowHosts: allowHosts.value, showReasoning });
    } finally {
      await core.dispose();
    }
  },
};
