// The one front door for typed text: whether it is a slash command is decided here (by the contract's rule), the
// command runs once, and what goes to the model comes out. chat:send, commands:run and the CLI's agent route by it.
import { isSlashCommand } from '../../../src-preload/contract/slash-command-rule';
import type { CommandResult } from './slash-command';

export type RoutedInput =
  /** Goes to the model: the text as typed, or the message a command (an MCP prompt) filled in (`command` is set). */
  | { kind: 'message'; text: string; command?: CommandResult }
  /** A command answered it; nothing goes to the model. */
  | { kind: 'answered'; result: CommandResult };

export interface RouteOptions {
  /** Send as typed even when it looks like a command (a long paste the user chose to send as text). */
  asText?: boolean;
  /** The message carries images or resources: commands take none, so it is a message. */
  hasAttachments?: boolean;
  /** Runs before the command does (the CLI waits for the MCP servers a command needs). */
  beforeCommand?(text: string): Promise<void>;
}

/** The part of the command registry the front door needs. */
export interface CommandRunner {
  execute(sessionKey: string, text: string): Promise<CommandResult>;
}

/** Whether `routeInput` would run `text` as a command (a host that must not wait for plain text asks first). */
export function isCommandInput(text: string, options: Pick<RouteOptions, 'asText' | 'hasAttachments'> = {}): boolean {
  return !options.asText && !options.hasAttachments && isSlashCommand(text);
}

/** Routes `text` typed in `sessionKey`: a command runs (once) and answers, anything else goes to the model. */
export async function routeInput(commands: CommandRunner, sessionKey: string, text: string, options: RouteOptions = {}): Promise<RoutedInput> {
  if (!isCommandInput(text, options)) return { kind: 'message', text };
  await options.beforeCommand?.(text);
  const result = await commands.execute(sessionKey, text);
  if (result.send) return { kind: 'message', text: result.send.text, command: result };
  return { kind: 'answered', result };
}
