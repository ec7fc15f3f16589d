// Builds the slash-command registry for the composition root (`core.commands`) with the built-in commands.
import { BUILTIN_COMMANDS } from './builtin';
import { CommandRegistry } from './command-registry';
import type { CommandServices } from './command-services';
import { mcpPromptCommands } from './mcp-prompt-commands';

/** `core.commands`: list / complete / execute for every host; `addSource` for commands that come and go (MCP prompts). */
export type CommandsService = Pick<CommandRegistry, 'list' | 'complete' | 'completeAsync' | 'execute' | 'register' | 'addSource'>;

/** The registry with every built-in command and the MCP servers' prompts; `/help` lists what the registry holds. */
export function wireCommands(services: Omit<CommandServices, 'commands'>): CommandsService {
  const registry: CommandRegistry = new CommandRegistry({ ...services, commands: () => registry.list() });
  for (const command of BUILTIN_COMMANDS) registry.register(command);
  registry.addSource(mcpPromptCommands(services.mcp));
  return registry;
}
