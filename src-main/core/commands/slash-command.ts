// The shape of one slash command (`/mcp status`): name, help text, subcommands, completion and a handler.
import type { SubcommandInfo } from './command-info';
import type { CommandServices } from './command-services';

/** A message the command wants sent to the model as the user's next message (an MCP prompt filled in). */
export interface CommandSend {
  text: string;
}

/**
 * What a handler returns; `action` asks the host to start a new session or clear the visible chat; `send` asks it
 * to run a turn with that message. `failed`: the command did nothing and `output` says why (a usage error, an
 * unknown name, a refusal, a failure).
 */
export interface CommandOutcome {
  output: string;
  action?: 'new_session' | 'clear';
  send?: CommandSend;
  failed?: true;
}

/** A command that did nothing, with the line saying why. */
export function commandError(output: string): CommandOutcome {
  return { output, failed: true };
}

/** What `execute` returns to every host (CLI, chat input, quick-ask, API). */
export interface CommandResult {
  /** False when the text is not a command (it goes to the model as a normal message). */
  handled: boolean;
  output: string;
  action?: 'new_session' | 'clear';
  /** Run a turn with this as the user's message (the host does it, as for typed text). */
  send?: CommandSend;
  /** The command did nothing; `output` says why (the CLI exits with 1). */
  failed?: true;
}

/** Everything a handler may use for one invocation. */
export interface CommandContext {
  sessionKey: string;
  /** Arguments after the command name, split on whitespace (quotes group words). */
  args: string[];
  services: CommandServices;
}

/** One suggestion for the argument being typed: `value` replaces it. */
export interface ArgumentSuggestion {
  value: string;
  description: string;
}

/** Commands that come and go with something else (the prompts of connected MCP servers). */
export interface CommandSource {
  /** The commands now; names are matched without regard to case. */
  commands(): SlashCommand[];
}

/** One entry of the registry. Handlers never throw to the caller: the registry turns a throw into an error line. */
export interface SlashCommand {
  /** Without the slash, lowercase: `mcp`. */
  name: string;
  /** One line for `/help`. */
  summary: string;
  /** Usage line(s) for `/help <name>`, e.g. `/mcp [status|add|remove|reload|help]`. */
  usage: string;
  subcommands?: SubcommandInfo[];
  /** Candidates for the argument at `args.length - 1` (the one being typed). Defaults to subcommand names. */
  completeArgs?(args: string[], services: CommandServices): string[];
  /** Like `completeArgs`, for commands that must ask someone (an MCP server's completion); wins in `completeAsync`. */
  suggestArgs?(args: string[]): Promise<ArgumentSuggestion[]>;
  run(ctx: CommandContext): Promise<CommandOutcome>;
}
