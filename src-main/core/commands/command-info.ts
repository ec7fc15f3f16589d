// How a command describes itself to hosts: help entries, subcommands and autocomplete suggestions.

/** One subcommand in help and autocomplete: `/mcp status`. */
export interface SubcommandInfo {
  name: string;
  summary: string;
}

/** The public description of a command (for autocomplete menus and help screens). */
export interface CommandInfo {
  name: string;
  summary: string;
  usage: string;
  subcommands: SubcommandInfo[];
}

/** One autocomplete suggestion: `text` replaces the whole input. */
export interface CommandCompletion {
  text: string;
  label: string;
  description: string;
}
