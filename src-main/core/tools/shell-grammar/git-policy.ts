// What a rule for `git` may cover: built-in subcommands only, and none of the options that make git run other code.
import { uncovered, type Uncovered } from './uncovered';

/** Global options (before the subcommand) that change nothing about what git runs. */
const SAFE_GLOBAL_OPTIONS = new Set([
  '--no-pager',
  '-P',
  '-p',
  '--paginate',
  '--no-replace-objects',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-optional-locks',
  '--no-advice',
  '--version',
  '--help',
  '-h',
]);

/** git's built-in commands; anything else is an alias or an external `git-<name>` program. */
const BUILTIN_SUBCOMMANDS = new Set(
  (
    'add am annotate apply archive bisect blame branch bundle cat-file check-attr check-ignore check-mailmap ' +
    'check-ref-format checkout checkout-index cherry cherry-pick clean clone column commit commit-graph commit-tree ' +
    'count-objects describe diff diff-files diff-index diff-tree difftool fetch format-patch fsck gc ' +
    'get-tar-commit-id grep hash-object help index-pack init interpret-trailers log ls-files ls-remote ls-tree ' +
    'mailinfo mailsplit maintenance merge merge-base merge-file merge-tree mktag mktree mv name-rev notes ' +
    'pack-objects pack-refs prune pull push range-diff read-tree rebase reflog remote repack replace ' +
    'request-pull rerere reset restore rev-list rev-parse revert rm shortlog show show-branch show-ref ' +
    'sparse-checkout stash status stripspace submodule switch symbolic-ref tag unpack-objects update-index ' +
    'update-ref verify-commit verify-pack verify-tag version whatchanged worktree write-tree'
  ).split(' '),
);

/**
 * Built-ins that exist to run other programs or to change what git runs later: `config` can set
 * core.fsmonitor, core.pager, aliases or hooksPath; `credential` prints stored passwords.
 */
const CODE_SUBCOMMANDS = new Set(['config', 'credential', 'filter-branch', 'mergetool', 'for-each-repo', 'daemon', 'instaweb']);

/** Long options that name a program to run or a template/config to load, in any subcommand. */
const CODE_LONG_OPTIONS = [
  '--upload-pack',
  '--receive-pack',
  '--exec',
  '--extcmd',
  '--template',
  '--config',
  '--config-env',
  '--open-files-in-pager',
  '--tool',
  '--web',
];

/** Short options (also inside clusters like `-qu`, or with a value attached) that run code, per subcommand. */
const CODE_SHORT_OPTIONS: Record<string, string> = {
  clone: 'uc',
  'ls-remote': 'u',
  rebase: 'x',
  difftool: 'xt',
  grep: 'O',
  help: 'w',
};

/** Subcommand words after which the rest is a command to run. */
const CODE_ACTIONS: Record<string, string> = { bisect: 'run', submodule: 'foreach' };

/** The option letters of a short-option word: `-ix` → i, x; `-O"cmd"` → O, c, m, d (a value may follow a letter). */
export function shortLetters(arg: string): string[] {
  return /^-[A-Za-z]/.test(arg) ? [.../^-([A-Za-z]+)/.exec(arg)![1]!] : [];
}

function longOption(arg: string): string | undefined {
  return CODE_LONG_OPTIONS.find((o) => arg === o || arg.startsWith(`${o}=`));
}

/** undefined when a rule for `git` may cover this call; else why not. `argv[0]` is `git`. */
export function gitProblem(argv: readonly string[]): Uncovered | undefined {
  let i = 1;
  for (; i < argv.length && argv[i]!.startsWith('-'); i++) {
    if (!SAFE_GLOBAL_OPTIONS.has(argv[i]!)) return uncovered('code_option', `git ${argv[i]}`);
  }
  const sub = argv[i];
  if (sub === undefined) return undefined;
  if (!BUILTIN_SUBCOMMANDS.has(sub) && !CODE_SUBCOMMANDS.has(sub)) return uncovered('git_alias', sub);
  if (CODE_SUBCOMMANDS.has(sub)) return uncovered('code_option', `git ${sub}`);
  const shorts = CODE_SHORT_OPTIONS[sub] ?? '';
  for (const arg of argv.slice(i + 1)) {
    if (arg === '--') break;
    const long = longOption(arg);
    if (long) return uncovered('code_option', `git ${sub} ${long}`);
    if (shortLetters(arg).some((c) => shorts.includes(c))) {
      return uncovered('code_option', `git ${sub} ${arg}`);
    }
  }
  if (CODE_ACTIONS[sub] !== undefined && argv.slice(i + 1).includes(CODE_ACTIONS[sub])) {
    return uncovered('code_option', `git ${sub} ${CODE_ACTIONS[sub]}`);
  }
  return undefined;
}
