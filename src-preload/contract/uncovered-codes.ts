// Why a shell command is not covered by a rule, as codes: one list for the core's analysis and the approval event.

/** Reasons that no rule can ever cover (the command always asks). */
export const NEVER_COVERED_CODES = [
  'parser_unavailable',
  'parse_error',
  'hidden_characters',
  'lookalike_characters',
  'line_continuation',
  'ansi_c_quoting',
  'locale_quoting',
  'comment',
  'substitution',
  'heredoc',
  'expansion',
  'dynamic_program',
  'compound',
  'background',
  'assignment',
  'shell_builtin',
  'eval_or_source',
  'wrapper',
  'code_option',
  'git_alias',
  'interpreter_inline',
  'redirect',
  'prompt_file',
  'git_internals',
  'no_sandbox',
] as const;

/** Reasons where a rule could cover the command, but none does. */
export const RULE_MISSING_CODES = ['interpreter', 'writes_file', 'network', 'subcommand', 'unknown_option', 'no_rule', 'other_directory'] as const;
