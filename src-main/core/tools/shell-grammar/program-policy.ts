// What kind of rule may cover one simple command: a rule naming its program, only an exact-command rule, or none.
import { basename } from 'node:path';
import { gitProblem } from './git-policy';
import { optionProblem } from './program-options';
import { gitInternalsWord } from './protected-targets';
import type { SimpleCommand } from './shell-script';
import { isNeverCovered, uncovered, type Uncovered } from './uncovered';

export type ProgramCoverage =
  | { kind: 'prefix'; argv: readonly string[] }
  | { kind: 'exact'; reason: Uncovered }
  | { kind: 'never'; reason: Uncovered };

/** Programs whose job is to run another program (or a command string) they are given. */
export const WRAPPERS = new Set([
  'env', 'sudo', 'doas', 'su', 'runuser', 'pkexec', 'xargs', 'parallel', 'nohup', 'timeout', 'watch', 'nice',
  'ionice', 'stdbuf', 'time', 'command', 'builtin', 'exec', 'coproc', 'setsid', 'strace', 'ltrace', 'chroot',
  'unshare', 'nsenter', 'flock', 'script', 'taskset', 'chrt', 'busybox', 'caffeinate', 'npx', 'pnpx', 'bunx',
  'uvx', 'pipx', 'systemd-run', 'at', 'batch', 'crontab', 'launchctl', 'open', 'xdg-open', 'gio', 'dbus-send',
  'busctl', 'sandbox-exec', 'bwrap', 'firejail', 'docker', 'podman', 'kubectl', 'ssh-agent', 'expect', 'tmux',
  'screen', 'uv',
]);

/** Builtins that run a string or a file as shell code. */
const EVAL_BUILTINS = new Set(['eval', 'source', '.']);

/** Builtins that change the shell's state for the commands after them (directory, variables, options). */
const STATE_BUILTINS = new Set([
  'cd', 'pushd', 'popd', 'export', 'set', 'shopt', 'alias', 'unalias', 'trap', 'enable', 'hash', 'declare',
  'typeset', 'local', 'readonly', 'unset', 'ulimit', 'umask', 'history', 'fc', 'bind', 'complete', 'shift',
  'getopts', 'let', 'read', 'mapfile', 'readarray',
]);

/** Programs that run code: their own language (awk, sed's `e`, editors' `-c`) or a shell's. */
const INTERPRETER_NAMES = new Set([
  'node', 'nodejs', 'deno', 'bun', 'perl', 'ruby', 'irb', 'php', 'osascript', 'pwsh', 'powershell', 'Rscript',
  'R', 'julia', 'tclsh', 'wish', 'awk', 'gawk', 'mawk', 'nawk', 'sed', 'vim', 'vi', 'nvim', 'emacs', 'ex',
  'sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'csh', 'tcsh', 'ipython', 'jshell', 'groovy', 'scala',
  'guile', 'racket', 'sbcl', 'elixir', 'erl', 'swift', 'gdb', 'lldb',
]);

/** python, python3, python3.12, pypy3, lua5.4, luajit, …: versioned interpreter names. */
const VERSIONED_INTERPRETER = /^(?:python|pypy|lua|luajit|perl|ruby|php|node)[0-9.]*$/;

export function isInterpreter(program: string): boolean {
  return INTERPRETER_NAMES.has(program) || VERSIONED_INTERPRETER.test(program);
}

/** Interpreters whose first argument is the program text itself (awk '…', sed '…'). */
const CODE_FIRST = new Set(['awk', 'gawk', 'mawk', 'nawk', 'sed']);

/** Subcommands that take code inline or from standard input, per interpreter. */
const INLINE_SUBCOMMANDS: Record<string, readonly string[]> = { deno: ['eval', 'repl', 'x'], bun: ['x', 'repl', 'exec'] };

/** Names an interpreter reads its program from when given as the script: its standard input. */
const STDIN_PATHS = /^(?:-|\/dev\/stdin|\/dev\/fd\/\d+|\/proc\/.*)$/;

/**
 * Programs whose job is to talk to a place named in the command: a rule for `curl` would be web_fetch to every host
 * without the per-host approval, so only a rule for the exact command covers them (like interpreters).
 */
const NETWORK_CLIENTS = new Set([
  'curl', 'wget', 'wget2', 'aria2c', 'http', 'https', 'xh', 'httpie', 'nc', 'ncat', 'netcat', 'socat', 'telnet', 'ftp',
  'lftp', 'tftp', 'ssh', 'scp', 'sftp', 'mosh', 'lynx', 'w3m', 'links', 'elinks', 'gh', 'hub',
]);

/** rsync to or from another machine (`host:path`, `user@host:`, `rsync://`); a local copy is fine. */
function remoteRsync(argv: readonly string[]): boolean {
  return argv[0] === 'rsync' && argv.slice(1).some((a) => !a.startsWith('-') && (/^[^/]*:/.test(a) || a.includes('://')));
}

/** Environment assignments in front of a command that only change formatting, never which code runs. */
const HARMLESS_ASSIGNMENTS = new Set(['LANG', 'LANGUAGE', 'TZ', 'NO_COLOR', 'FORCE_COLOR', 'CLICOLOR', 'TERM', 'COLUMNS', 'LINES', 'CI']);

function assignmentProblem(command: SimpleCommand): Uncovered | undefined {
  for (const a of command.assignments) {
    const harmless = HARMLESS_ASSIGNMENTS.has(a.name) || /^LC_[A-Z]+$/.test(a.name);
    if (!harmless || a.value === undefined || /[/\\]/.test(a.value)) return uncovered('assignment', `${a.name}=`);
  }
  return undefined;
}

/**
 * Classifies one fully resolved simple command: `prefix` when a rule naming its program may cover it,
 * `exact` for an interpreter running a script file, a network or file-writing git call and a package manager's
 * install/publish commands (only a rule for the exact command covers them), `never` for wrappers, eval/source,
 * shell-state builtins, code-running options, git's own files and odd program names.
 */
export function programCoverage(command: SimpleCommand): ProgramCoverage {
  const argv = command.argv;
  const path = argv[0];
  if (path === undefined || path === '') return { kind: 'never', reason: uncovered('dynamic_program', command.text || 'nothing') };
  if (/[^\x21-\x7e]/.test(path)) return { kind: 'never', reason: uncovered('lookalike_characters', path) };
  // judged by name, wherever it lives: /usr/bin/env is env, ./venv/bin/python3 is python3 (a rule still names the path)
  const program = basename(path);
  const assignment = assignmentProblem(command);
  if (assignment) return { kind: 'never', reason: assignment };
  if (EVAL_BUILTINS.has(program)) return { kind: 'never', reason: uncovered('eval_or_source', program) };
  // printf -v NAME sets a shell variable (PATH, for one) instead of printing.
  if (STATE_BUILTINS.has(program) || (program === 'printf' && argv.some((a) => /^-[A-Za-z]*v/.test(a)))) return { kind: 'never', reason: uncovered('shell_builtin', program) };
  if (WRAPPERS.has(program)) return { kind: 'never', reason: uncovered('wrapper', program) };
  const gitFiles = gitInternalsWord(argv);
  if (isInterpreter(program)) {
    if (gitFiles) return { kind: 'never', reason: gitFiles };
    const script = argv[1];
    const inline =
      CODE_FIRST.has(program) || (script !== undefined && INLINE_SUBCOMMANDS[program]?.includes(script) === true);
    if (inline || script === undefined || script.startsWith('-') || STDIN_PATHS.test(script)) {
      return { kind: 'never', reason: uncovered('interpreter_inline', argv.slice(0, 2).join(' ')) };
    }
    return { kind: 'exact', reason: uncovered('interpreter', program) };
  }
  const named = [program, ...argv.slice(1)];
  const problem = program === 'git' ? gitProblem(named) : optionProblem(named);
  if (problem && isNeverCovered(problem.code)) return { kind: 'never', reason: problem };
  if (gitFiles) return { kind: 'never', reason: gitFiles };
  if (NETWORK_CLIENTS.has(program) || remoteRsync(named)) return { kind: 'exact', reason: uncovered('network', program) };
  return problem ? { kind: 'exact', reason: problem } : { kind: 'prefix', argv };
}
