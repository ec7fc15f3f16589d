// The prompts of connected MCP servers as slash commands: `/<server>:<prompt> args…` fills the prompt in (through
// the server, bounded) and sends it as the user's message; arguments are completed by the server where it offers
// completion.
import type { ArgumentSuggestion, CommandOutcome, CommandSource, SlashCommand } from '../../commands/slash-command';
import { commandError } from '../../commands/slash-command';
import type { McpConnection } from '../mcp-connection';
import { cleanServerLine } from '../server-text';
import type { McpPromptInfo } from '../server-catalog';
import { argumentsUsage, promptArguments, typedArgument } from './prompt-arguments';
import { promptText, type PromptMessage } from './prompt-messages';

const SUMMARY_CHARS = 120;
const MAX_SUGGESTIONS = 20;

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

async function run(connection: McpConnection, name: string, prompt: McpPromptInfo, args: string[]): Promise<CommandOutcome> {
  const values = promptArguments(prompt.arguments, args);
  if (!values.ok) return commandError(`Error: /${name}: ${values.error.message}. Usage: ${usageOf(name, prompt).split('\n')[0]}`);
  const reply = await connection.request((client, options) => client.getPrompt({ name: prompt.name, arguments: values.value }, options), {
    what: `prompt '${prompt.name}'`,
    signal: new AbortController().signal,
  });
  switch (reply.kind) {
    case 'answered': {
      const typed = [`/${name}`, ...args].join(' ');
      return { output: '', send: { text: promptText(connection.name, cleanServerLine(prompt.name, SUMMARY_CHARS), typed, reply.value.messages as PromptMessage[]) } };
    }
    case 'rejected':
      return commandError(`Error: MCP server '${connection.name}' refused the prompt '${cleanServerLine(prompt.name, SUMMARY_CHARS)}': ${reply.message}`);
    case 'cancelled':
      return commandError(`Error: /${name} was cancelled`);
    case 'timed_out':
      return commandError(`Error: MCP server '${connection.name}' did not give the prompt in time (${reply.limit})`);
    case 'unavailable':
      return commandError(`Error: ${reply.message}`);
  }
}

/** The server's completion of the argument being typed (nothing when it offers none). */
async function suggest(connection: McpConnection, prompt: McpPromptInfo, args: string[]): Promise<ArgumentSuggestion[]> {
  if (!connection.catalog.offers.completions) return [];
  const typing = typedArgument(prompt.arguments, args);
  if (!typing) return [];
  const reply = await connection.request(
    (client, options) =>
      client.complete(
        { ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: typing.name, value: typing.typed }, context: { arguments: typing.before } },
        options,
      ),
    { what: `completion of '${prompt.name}'`, signal: new AbortController().signal },
  );
  if (reply.kind !== 'answered') return [];
  const description = prompt.arguments.find((a) => a.name === typing.name)?.description;
  return reply.value.completion.values.slice(0, MAX_SUGGESTIONS).map((value) => ({
    // A suggestion is one word on the command line: a value with spaces is quoted.
    value: `${typing.prefix}${/\s/.test(value) ? JSON.stringify(value) : value}`,
    description: cleanServerLine(description ?? typing.name, SUMMARY_CHARS),
  }));
}

function commandOf(connection: McpConnection, prompt: McpPromptInfo): SlashCommand {
  const name = promptCommandName(connection.name, prompt.name);
  const about = prompt.title ?? prompt.description ?? prompt.name;
  return {
    name,
    summary: `${cleanServerLine(about, SUMMARY_CHARS)} (prompt of MCP server '${connection.name}')`,
    usage: usageOf(name, prompt),
    completeArgs: () => [],
    suggestArgs: (args) => suggest(connection, prompt, args),
    run: ({ args }) => run(connection, name, prompt, args),
  };
}

/** The command source of the connected servers' prompts (a name two prompts share goes to the first). */
export function promptCommands(connections: () => McpConnection[]): CommandSource {
  return {
    commands() {
      const seen = new Set<string>();
      const commands: SlashCommand[] = [];
      for (const connection of connections()) {
        if (connection.snapshot().state !== 'connected') continue;
        for (const prompt of connection.catalog.prompts) {
          const command = commandOf(connection, prompt);
          if (seen.has(command.name.toLowerCase())) continue;
          seen.add(command.name.toLowerCase());
          commands.push(command);
        }
      }
      return commands;
    },
  };
}
