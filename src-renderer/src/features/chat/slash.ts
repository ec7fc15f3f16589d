// Slash-command autocomplete: which commands match what is typed so far.
import type { SlashCommand } from '@contract/schemas';

/** The partial command name while the user is typing the first word after `/`, else null (`/notes:summ` too). */
export function slashQuery(text: string): string | null {
  const m = /^\/([\w.:-]*)$/.exec(text);
  return m ? (m[1] ?? '').toLowerCase() : null;
}

export function matchCommands(commands: readonly SlashCommand[], query: string): SlashCommand[] {
  const starts = commands.filter((c) => c.name.toLowerCase().startsWith(query));
  const contains = commands.filter((c) => !c.name.toLowerCase().startsWith(query) && c.name.toLowerCase().includes(query));
  return [...starts, ...contains].slice(0, 12);
}
