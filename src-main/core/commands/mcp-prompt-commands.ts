// The prompts of connected MCP servers as slash commands: `/<server>:<prompt> args…` (in order, the last taking
// the rest of the line, or name=value) is filled in by the server and sent as the user's message; an argument
// being typed is completed by the server where it offers completion.
import type { McpPromptEntry, McpService } from '../mcp/mcp-types';
import { argumentsUsage, promptArguments, typedArgument } from '../mcp/prompts/prompt-arguments';
import type { McpPromptInfo } from '../mcp/server-catalog';
import { cleanServerLine } from '../mcp/server-text';
import { commandError, type ArgumentSuggestion, type CommandOutcome, type CommandSource, type SlashCommand } from './slash-command';

const SUMMARY_CHARS = 120;

/** A prompt's command name: `<server>:<prompt>`, the prompt's name made one word. */
export function promptCommandName(server: string, prompt: string): string {
  return `${server}:${prompt.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}

function usageOf(name: string, prompt: McpPromptInfo): string {
  const lines = [`/${name} ${argumentsUsage(prompt.arguments)}`.trimEnd()];
  for (const a of prompt.arguments) {
    lines.push(`  ${a.name}${a.required ? '' : ' (optional)'}${a.description ? `: ${cleanServerLine(a.description, SUMMARY_CHARS)}` : ''}`);
  }
  lines.push('  Arguments go in order (the last takes the rest of the line), or as name=value.');
  return lines.join('\n');
}

async function run(mcp: McpService, entry: McpPromptEntry, name: string, args: string[]): Promise<CommandOutcome> {
  const values = promptArguments(entry.prompt.arguments, args);
  if (!values.ok) return commandError(`Error: /${name}: ${values.error.message}. Usage: ${usageOf(name, entry.prompt).split('\n')[0]}`);
  const text = await mcp.getPrompt(entry.server, entry.prompt.name, values.value, [`/${name}`, ...args].join(' '));
  return text.ok ? { output: '', send: { text: text.value } } : commandError(`Error: ${text.error.message}`);
}

async function suggest(mcp: McpService, entry: McpPromptEntry, args: string[]): Promise<ArgumentSuggestion[]> {
  const typing = typedArgument(entry.prompt.arguments, args);
  if (!typing || !entry.completes) return [];
  const values = await mcp.completePrompt(entry.server, entry.prompt.name, { name: typing.name, value: typing.typed }, typing.before);
  const description = cleanServerLine(entry.prompt.arguments.find((a) => a.name === typing.name)?.description ?? typing.name, SUMMARY_CHARS);
  // A suggestion is one word on the command line: a value with spaces is quoted.
  return values.map((value) => ({ value: `${typing.prefix}${/\s/.test(value) ? JSON.stringify(value) : value}`, description }));
}

function commandOf(mcp: McpService, entry: McpPromptEntry): SlashCommand {
  const name = promptCommandName(entry.server, entry.prompt.name);
  const about = entry.prompt.title ?? entry.prompt.description ?? entry.prompt.name;
  return {
    name,
    summary: `${cleanServerLine(about, SUMMARY_CHARS)} (prompt of MCP server '${entry.server}')`,
    usage: usageOf(name, entry.prompt),
    completeArgs: () => [],
    suggestArgs: (args) => suggest(mcp, entry, args),
    run: ({ args }) => run(mcp, entry, name, args),
  };
}

/** The command source of the connected servers' prompts (a name two prompts share goes to the first). */
export function mcpPromptCommands(mcp: McpService): CommandSource {
  return {
    commands() {
      const seen = new Set<string>();
      const commands: SlashCommand[] = [];
      for (const entry of mcp.prompts()) {
        const command = commandOf(mcp, entry);
        if (seen.has(command.name.toLowerCase())) continue;
        seen.add(command.name.toLowerCase());
        commands.push(command);
      }
      return commands;
    },
  };
}
