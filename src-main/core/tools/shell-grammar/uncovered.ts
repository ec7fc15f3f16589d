// Why a shell command is not covered by a rule: a closed set of codes, each with the text people read.
import { assertNever } from '../../lib/assert-never';
import { NEVER_COVERED_CODES, RULE_MISSING_CODES } from '../../../../src-preload/contract/uncovered-codes';

export type NeverCoveredCode = (typeof NEVER_COVERED_CODES)[number];
export type UncoveredCode = NeverCoveredCode | (typeof RULE_MISSING_CODES)[number];

/** A reason plus the piece of the command it is about (a program, an option, a path, a construct). */
export interface Uncovered {
  code: UncoveredCode;
  detail: string;
}

/** What the approval card and the CLI prompt show: the code for programs, the message for people. */
export interface UncoveredView {
  code: UncoveredCode;
  message: string;
}

export function uncovered(code: UncoveredCode, detail: string): Uncovered {
  return { code, detail };
}

/** True when no rule (not even one for the exact command) may cover a command with this reason. */
export function isNeverCovered(code: UncoveredCode): code is NeverCoveredCode {
  return (NEVER_COVERED_CODES as readonly string[]).includes(code);
}

/** One sentence for people: what was found and why no rule covers it. */
export function describeUncovered(reason: Uncovered): string {
  const d = reason.detail;
  switch (reason.code) {
    case 'parser_unavailable':
      return `The shell grammar could not be loaded (${d}), so no rule covers any command.`;
    case 'parse_error':
      return `The command does not parse as plain shell (${d}).`;
    case 'hidden_characters':
      return `The command contains invisible or control characters (${d}).`;
    case 'lookalike_characters':
      return `The program name "${d}" contains non-ASCII characters that can imitate another name.`;
    case 'line_continuation':
      return 'The command uses a backslash-newline, which joins words differently from what is shown.';
    case 'ansi_c_quoting':
      return `The command uses ANSI-C quoting (${d}), which can hide quotes and separators.`;
    case 'locale_quoting':
      return `The command uses locale quoting ($"…").`;
    case 'comment':
      return `The command contains a comment (${d}), which can hide what follows.`;
    case 'substitution':
      return `The command runs another command inside it (${d}).`;
    case 'heredoc':
      return `The command feeds inline text to a program (${d}).`;
    case 'expansion':
      return `The word ${d} is expanded by the shell, so what runs is not what is shown.`;
    case 'dynamic_program':
      return `The program to run is computed (${d}), not written out.`;
    case 'compound':
      return `The command uses shell control structures (${d}).`;
    case 'background':
      return 'The command starts something in the background (&).';
    case 'assignment':
      return `The command sets ${d}, which changes how programs behave.`;
    case 'shell_builtin':
      return `"${d}" changes the shell itself (directory, variables, options).`;
    case 'eval_or_source':
      return `"${d}" runs code from a string or a file.`;
    case 'wrapper':
      return `"${d}" runs another program.`;
    case 'code_option':
      return `The option ${d} makes the program run other code.`;
    case 'git_alias':
      return `"git ${d}" is not a built-in git command (an alias or an external git-${d} can run anything).`;
    case 'interpreter_inline':
      return `${d} runs code given inline or on standard input.`;
    case 'redirect':
      return `The command redirects to ${d}, outside the workspace.`;
    case 'prompt_file':
      return (
        `The command writes to ${d}, which steers the agent (a prompt file, a skill or memory/): no rule covers that. ` +
        'Prompt files change through write_file or edit_file, where the change is reviewed.'
      );
    case 'git_internals':
      return `The command names ${d}, git's own files (its hooks and config run code): no rule covers that.`;
    case 'interpreter':
      return `${d} is an interpreter: only a rule for this exact command covers it.`;
    case 'writes_file':
      return `The command writes to the file ${d}: only a rule for this exact command covers it.`;
    case 'network':
      return `${d} sends to or fetches from a place named in the command: only a rule for this exact command covers it.`;
    case 'subcommand':
      return `${d} can install, publish or change the project (a rule for the program covers only its run, test and list commands): only a rule for this exact command covers it.`;
    case 'no_rule':
      return `No rule allows ${d} in this folder.`;
    case 'other_directory':
      return `The rule for ${d} was given for another folder.`;
    default:
      return assertNever(reason.code);
  }
}

export function viewOf(reason: Uncovered): UncoveredView {
  return { code: reason.code, message: describeUncovered(reason) };
}
