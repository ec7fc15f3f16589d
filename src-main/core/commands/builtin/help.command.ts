// /help [command]: the command list, or one command's usage and subcommands.
import { commandError, type SlashCommand } from '../slash-command';

export const helpCommand: SlashCommand = {
  name: 'help',
  summary: 'Show the commands, or the help of one command',
  usage: '/help [command]',
  completeArgs: (args, services) => (args.length === 1 ? services.commands().map((c) => c.name) : []),
  async run({ args, services }) {
    const commands = services.commands();
    const wanted = args[0]?.replace(/^\//, '').toLowerCase();
    if (wanted) {
      const command = commands.find((c) => c.name === wanted);
      if (!command) return commandError(`Error: no command '/${wanted}'. Type /help for the list.`);
      const lines = [`${command.usage}`, `  ${command.summary}`];
      if (command.subcommands.length) {
        const width = Math.max(...command.subcommands.map((s) => s.name.length));
        lines.push('Subcommands:', ...command.subcommands.map((s) => `  ${s.name.padEnd(width)}  ${s.summary}`));
      }
      return { output: lines.join('\n') };
    }
    const width = Math.max(...commands.map((c) => c.usage.length));
    return {
      output: [
        'Commands (handled without calling the model):',
        ...commands.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
        'Type /help <command> for details.',
      ].join('\n'),
    };
  },
};
