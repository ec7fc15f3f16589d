// The one registry of slash commands shared by the CLI, the chat input, quick-ask and the API: parse → run.
import { errorMessage } from '../lib/result';
import { closestName } from './closest-name';
import type { CommandServices } from './command-services';
import type { CommandCompletion, CommandInfo } from './command-info';
import type { ArgumentSuggestion, CommandResult, CommandSource, SlashCommand } from './slash-command';
import { splitCommandLine } from './split-command-line';
import { isSlashCommand } from '../../../src-preload/contract/slash-command-rule';

const NOT_A_COMMAND: CommandResult = { handled: false, output: '' };

/** Holds the commands and runs them without calling the model. Never throws. */
export class CommandRegistry {
  #commands = new Map<string, SlashCommand>();
  #sources = new Set<CommandSource>();
  readonly #services: CommandServices;

  /** `services` is every service a command may use, built before the registry. */
  constructor(services: CommandServices) {
    this.#services = services;
  }

  /** Adds a command; returns its disposer. A duplicate name is a programmer error and throws. */
  register(command: SlashCommand): () => void {
    if (this.#commands.has(command.name)) throw new Error(`Slash command '/${command.name}' is already registered`);
    this.#commands.set(command.name, command);
    return () => {
      if (this.#commands.get(command.name) === command) this.#commands.delete(command.name);
    };
  }

  /** Adds commands that come and go (MCP prompts); a built-in of the same name wins. Returns the disposer. */
  addSource(source: CommandSource): () => void {
    this.#sources.add(source);
    return () => this.#sources.delete(source);
  }

  /** A built-in by its lowercase name, else a source's command by name in any case. */
  #find(name: string): SlashCommand | undefined {
    const own = this.#commands.get(name);
    if (own) return own;
    for (const source of this.#sources) {
      const found = source.commands().find((c) => c.name.toLowerCase() === name);
      if (found) return found;
    }
    return undefined;
  }

  #all(): SlashCommand[] {
    const sourced = [...this.#sources].flatMap((s) => s.commands()).filter((c) => !this.#commands.has(c.name.toLowerCase()));
    return [...this.#commands.values(), ...sourced];
  }

  /** Every command, sorted by name. */
  list(): CommandInfo[] {
    return this.#all()
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((c) => ({ name: c.name, summary: c.summary, usage: c.usage, subcommands: c.subcommands ?? [] }));
  }

  /**
   * Runs `text` when it is a slash command; `{ handled: false }` otherwise (send it to the model). Hosts route typed
   * text through `routeInput` (command-front-door), which calls this.
   * Unknown commands and subcommands answer one error line naming the closest match.
   */
  async execute(sessionKey: string, text: string): Promise<CommandResult> {
    if (!isSlashCommand(text)) return NOT_A_COMMAND;
    const [head = '/', ...args] = splitCommandLine(text.trim());
    const name = head.slice(1).toLowerCase() || 'help';
    const command = this.#find(name === '?' ? 'help' : name);
    if (!command) return { handled: true, output: this.#unknownCommand(name), failed: true };
    const sub = args[0]?.toLowerCase();
    if (command.subcommands?.length && sub !== undefined && !command.subcommands.some((s) => s.name === sub)) {
      const subNames = command.subcommands.map((s) => s.name);
      const guess = closestName(sub, subNames);
      const hint = guess ? `Did you mean /${command.name} ${guess}?` : `Try /${command.name} ${subNames.join('|')}.`;
      return { handled: true, output: `Error: unknown subcommand '/${command.name} ${args[0]}'. ${hint}`, failed: true };
    }
    try {
      const outcome = await command.run({ sessionKey, args, services: this.#services });
      return { handled: true, ...outcome };
    } catch (err) {
      return { handled: true, output: `Error: /${command.name} failed: ${errorMessage(err)}`, failed: true };
    }
  }

  /** Autocomplete for a partly typed command line; each suggestion's `text` replaces the whole input. */
  complete(text: string): CommandCompletion[] {
    if (!isSlashCommand(text)) return [];
    const input = text.trimStart();
    const words = splitCommandLine(input);
    const endsWithSpace = /\s$/.test(input);
    if (words.length <= 1 && !endsWithSpace) {
      const typed = (words[0] ?? '/').slice(1).toLowerCase();
      return this.list()
        .filter((c) => c.name.toLowerCase().startsWith(typed))
        .map((c) => ({ text: `/${c.name} `, label: `/${c.name}`, description: c.summary }));
    }
    const typing = this.#typing(input);
    if (!typing) return [];
    return this.#suggestions(typing, this.#argumentCandidates(typing.command, typing.args));
  }

  /**
   * `complete`, and for commands that ask someone for suggestions (an MCP server's completion) their answer.
   * Never rejects: a failed ask suggests nothing.
   */
  async completeAsync(text: string): Promise<CommandCompletion[]> {
    const typing = isSlashCommand(text) ? this.#typing(text.trimStart()) : undefined;
    if (!typing?.command.suggestArgs) return this.complete(text);
    const suggested = await typing.command.suggestArgs(typing.args).catch((): ArgumentSuggestion[] => []);
    return this.#suggestions(typing, suggested);
  }

  /** The command and its arguments while an argument is being typed (the last one, maybe empty). */
  #typing(input: string): { command: SlashCommand; args: string[] } | undefined {
    const words = splitCommandLine(input);
    if (words.length <= 1 && !/\s$/.test(input)) return undefined;
    const command = this.#find((words[0] ?? '').slice(1).toLowerCase());
    if (!command) return undefined;
    const args = words.slice(1);
    if (/\s$/.test(input)) args.push('');
    return { command, args };
  }

  #suggestions({ command, args }: { command: SlashCommand; args: string[] }, candidates: ArgumentSuggestion[]): CommandCompletion[] {
    const typed = args[args.length - 1] ?? '';
    const prefix = ['/' + command.name, ...args.slice(0, -1)].join(' ');
    return candidates
      .filter((c) => c.value.toLowerCase().startsWith(typed.toLowerCase()))
      .map((c) => ({ text: `${prefix} ${c.value}`, label: c.value, description: c.description }));
  }

  #argumentCandidates(command: SlashCommand, args: string[]): ArgumentSuggestion[] {
    if (command.completeArgs) {
      let values: string[] = [];
      try {
        values = command.completeArgs(args, this.#services);
      } catch {
        values = [];
      }
      return values.map((value) => ({
        value,
        description: args.length === 1 ? (command.subcommands?.find((s) => s.name === value)?.summary ?? '') : '',
      }));
    }
    if (args.length === 1 && command.subcommands) {
      return command.subcommands.map((s) => ({ value: s.name, description: s.summary }));
    }
    return [];
  }

  #unknownCommand(name: string): string {
    const guess = closestName(name, this.#all().map((c) => c.name.toLowerCase()));
    const hint = guess ? `Did you mean /${guess}?` : 'Type /help for the list.';
    return `Error: unknown command '/${name}'. ${hint}`;
  }
}
