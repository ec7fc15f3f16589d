// Builds the slash-command registry for the composition root (`core.commands`) with the built-in commands.
import { BUILTIN_COMMANDS } from './builtin';
import { CommandRegistry } from './command-registry';
import type { CommandServices } from './command-services';

/** `core.commands`: list / complete / execute for every host. */
export type CommandsService = Pick<CommandRegistry, 'list' | 'complete' | 'execute' | 'isCommand' | 'register'>;

/** The registry with every built-in command; `/help` lists what the registry holds. */
export function wireCommands(services: Omit<CommandServices, 'commands'>): CommandsService {
  const registry: CommandRegistry = new CommandRegistry({ ...services, commands: () => registry.list() });
  for (const command of BUILTIN_COMMANDS) registry.register(command);
  return registry;
}
