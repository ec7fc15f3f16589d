// Whether typed text is a slash command: the one rule the core routes by (core/commands/command-front-door) and the
// window reads for its instant feedback. No imports: the window's bundle and the core share it as it is.

/** True when the text is a slash command (leading whitespace ignored; `/` must start a word: `/help`, `/?`, `/`). */
export function isSlashCommand(text: string): boolean {
  return /^\s*\/[A-Za-z?]/.test(text) || text.trim() === '/';
}
