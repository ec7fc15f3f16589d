// npm, pnpm and yarn read every `--key`, `--key=value`, `--no-key` and single-dash word as a config key (nopt:
// any known key, abbreviations of one, `-node-options` alike): a rule covers only the keys listed here.
import { uncovered, type Uncovered } from './uncovered';
import { graver } from './option-grammar';

/** Running the project's own scripts and looking at it: what a rule for npm, pnpm or yarn covers. */
const PACKAGE_READS = ['run', 'run-script', 'test', 't', 'tst', 'start', 'stop', 'restart', 'ls', 'list', 'll', 'la', 'why', 'explain', 'outdated', 'help', 'prefix', 'root', 'view', 'info'];

/** Subcommands that run a package or code given on the command line, or change config. */
const CODE_SUBCOMMANDS = ['exec', 'x', 'dlx', 'explore', 'create', 'init', 'config', 'c', 'node', 'set', 'get', 'edit'];

/** Config keys a rule covers: output, the choice of workspace scripts, nothing that picks a program or a folder. */
const SAFE_FLAGS = new Set([
  'silent', 'quiet', 'verbose', 'json', 'parseable', 'long', 'all', 'color', 'no-color', 'if-present', 'ignore-scripts',
  'foreground-scripts', 'no-foreground-scripts', 'workspaces', 'include-workspace-root', 'global', 'production', 'dev',
  'omit', 'include', 'unicode', 'no-unicode', 'progress', 'no-progress', 'help', 'version', 'recursive', 'stream',
  'reporter', 'loglevel', 'depth', 'filter', 'parallel', 'sort', 'no-bail', 'bail', 'link', 'no-audit', 'no-fund',
  'fund', 'audit', 'offline', 'prefer-offline',
]);
/**
 * Of them, the keys typed String or Number in npm and pnpm, whose value is the next word when not given with `=`
 * (an untyped key is a boolean to nopt: consuming its next word would misread what runs).
 */
const VALUE_KEYS = new Set(['loglevel', 'depth', 'omit', 'include']);

/** Single-dash shorthands a rule covers (npm: -s silent, -q quiet, -d loglevel info, -g global, -l long …). */
const SAFE_SHORTHANDS = new Set(['-s', '-q', '-d', '-dd', '-ddd', '-l', '-g', '-a', '-h', '-v', '-r', '-S', '-D']);

/** Keys that choose a program, a shell, a folder or a config file: never covered, whatever the spelling. */
const CODE_KEYS = [
  'script-shell', 'node-options', 'prefix', 'userconfig', 'globalconfig', 'call', 'shell', 'editor', 'browser', 'viewer',
  'git', 'node-gyp', 'init-module', 'onload-script', 'dir', 'cwd', 'workspace', 'cache', 'registry', 'scope',
  'global-dir', 'store-dir', 'virtual-store-dir', 'modules-dir', 'config', 'use-node-version', 'npm-path', 'yarn-path',
];
/** Shorthands of those (npm: -C prefix, -c call, -w workspace; pnpm: -C dir). */
const CODE_SHORTHANDS = new Set(['-C', '-c', '-w']);

function codeKeyFor(written: string): string | undefined {
  // compared in the most permissive spelling a config loader may accept (case, `_` for `-`)
  const key = written.toLowerCase().replace(/_/g, '-');
  const bare = key.startsWith('no-') ? key.slice(3) : key;
  // nopt resolves any unambiguous prefix of a known key; a prefix of a code key may be that key
  return CODE_KEYS.find((k) => k === bare || k.startsWith(bare) || k === key);
}

/** undefined when a rule for this package manager covers the call; else why not. `argv[0]` is the program. */
export interface PackageManagerReading {
  /** A bare call (`npm`, `pnpm`) prints help; a bare `yarn` installs. */
  bareCommandCovered: boolean;
  /** Whether VALUE_KEYS take the next word (nopt) or not (yarn). */
  valueKeys: boolean;
}

export function npmProblem(argv: readonly string[], { bareCommandCovered, valueKeys }: PackageManagerReading): Uncovered | undefined {
  const program = argv[0]!;
  let problem: Uncovered | undefined;
  let subcommand: string | undefined;
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break; // what follows goes to the script
    if (!arg.startsWith('-') || arg === '-') {
      subcommand ??= arg;
      continue;
    }
    if (!arg.startsWith('--')) {
      // -x a shorthand; -node-options=… (nopt reads a single-dash word that names a key as that key)
      const word = arg.split('=')[0]!;
      const key = word.slice(1);
      // nopt splits a word that is no shorthand nor key into single letters: -sC is -s -C
      const letters = [...key].some((c) => CODE_SHORTHANDS.has(`-${c}`));
      if (CODE_SHORTHANDS.has(word) || letters || (key.length > 1 && codeKeyFor(key) !== undefined)) {
        problem = graver(problem, uncovered('code_option', `${program} ${arg}`));
      } else if (!SAFE_SHORTHANDS.has(word)) {
        problem = graver(problem, uncovered('unknown_option', `${program} ${arg}`));
      }
      continue;
    }
    const eq = arg.indexOf('=');
    const key = (eq < 0 ? arg : arg.slice(0, eq)).slice(2);
    // a key spelled out in full is that key; anything else may be an abbreviation nopt resolves
    if (!SAFE_FLAGS.has(key)) {
      const code = codeKeyFor(key);
      const shown = `${program} ${arg}${code === undefined || code === key ? '' : ` (--${code})`}`;
      problem = graver(problem, uncovered(code === undefined ? 'unknown_option' : 'code_option', shown));
      continue;
    }
    if (eq < 0 && valueKeys && VALUE_KEYS.has(key) && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('-')) i++;
  }
  if (subcommand !== undefined && CODE_SUBCOMMANDS.includes(subcommand)) return uncovered('code_option', `${program} ${subcommand}`);
  if (problem?.code === 'code_option') return problem;
  const covered = subcommand === undefined ? bareCommandCovered : PACKAGE_READS.includes(subcommand);
  if (!covered) return uncovered('subcommand', subcommand === undefined ? program : `${program} ${subcommand}`);
  return problem;
}
