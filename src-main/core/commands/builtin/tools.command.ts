// /tools: every tool the model can call right now, with its approval category.
import type { SlashCommand } from '../slash-command';

const MAX_DESCRIPTION_CHARS = 80;

function firstLine(text: string): string {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length > MAX_DESCRIPTION_CHARS ? `${line.slice(0, MAX_DESCRIPTION_CHARS - 1)}…` : line;
}

export const toolsCommand: SlashCommand = {
  name: 'tools',
  summary: 'List the tools the agent can use',
  usage: '/tools',
  async run({ services }) {
    const tools = services.tools.list();
    if (!tools.length) return { output: 'No tools are registered.' };
    const width = Math.max(...tools.map((t) => t.name.length));
    const lines = tools.map((t) => `  ${t.name.padEnd(width)}  [${t.category ?? 'command'}]  ${firstLine(t.description)}`);
    return { output: [`${tools.length} tool(s):`, ...lines].join('\n') };
  },
};
