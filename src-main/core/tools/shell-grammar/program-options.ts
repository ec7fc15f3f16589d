// Options of common programs that make them run other code (find -exec, tar --to-command, npm exec, …).
import { shortLetters } from './git-policy';
import { uncovered, type Uncovered } from './uncovered';

interface OptionTable {
  /** Options (exact, or `--opt=value`) that run code. */
  long?: readonly string[];
  /** Short option letters that run code, also inside clusters (`-xIf`) or with a value attached (`-oX=y`). */
  short?: string;
  /** Subcommands (the first non-option word) that run code. */
  subcommands?: readonly string[];
  /** The first word is an old-style option cluster without a dash (tar xIf). */
  bareCluster?: boolean;
  /**
   * The only subcommands a rule for the program covers (the first non-option word; `undefined` stands for none
   * given). Others — install, publish, pkg set, abbreviations a package manager also accepts — need an exact rule.
   */
  coveredSubcommands?: ReadonlySet<string | undefined>;
}

/** Running the project's own scripts and looking at it: what a rule for npm, pnpm or yarn covers. */
const PACKAGE_READS = ['run', 'run-script', 'test', 't', 'tst', 'start', 'stop', 'restart', 'ls', 'list', 'll', 'la', 'why', 'explain', 'outdated', 'help', 'prefix', 'root', 'view', 'info'];

const NPM_LIKE: OptionTable = {
  long: ['--script-shell', '--node-options', '--call', '--userconfig', '--globalconfig'],
  short: 'c',
  subcommands: ['exec', 'x', 'dlx', 'explore', 'create', 'init', 'config', 'node'],
  coveredSubcommands: new Set([undefined, ...PACKAGE_READS]),
};

const TABLES: Record<string, OptionTable> = {
  find: { long: ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'] },
  make: { long: ['--eval', '--file', '--makefile'], short: 'Ef' },
  tar: {
    long: ['--to-command', '--use-compress-program', '--checkpoint-action', '--info-script', '--new-volume-script', '--rsh-command'],
    short: 'IF',
    bareCluster: true,
  },
  rsync: { long: ['--rsh', '--rsync-path'], short: 'e' },
  ssh: { long: [], short: 'oFS' },
  scp: { long: [], short: 'oFS' },
  sftp: { long: [], short: 'oFS' },
  npm: NPM_LIKE,
  pnpm: NPM_LIKE,
  // a bare `yarn` installs
  yarn: { ...NPM_LIKE, coveredSubcommands: new Set(PACKAGE_READS) },
};

/**
 * undefined when a rule for the program covers this call; else why not: an option or subcommand that runs other
 * code (never covered), or a subcommand outside `coveredSubcommands` (only an exact rule covers it).
 */
export function optionProblem(argv: readonly string[]): Uncovered | undefined {
  const program = argv[0]!;
  const table = TABLES[program];
  if (!table) return undefined;
  const args = argv.slice(1);
  const firstWord = args.find((a) => !a.startsWith('-'));
  if (firstWord !== undefined && table.subcommands?.includes(firstWord)) {
    return uncovered('code_option', `${program} ${firstWord}`);
  }
  for (const [index, arg] of args.entries()) {
    if (arg === '--') break;
    const long = table.long?.find((o) => arg === o || arg.startsWith(`${o}=`));
    if (long) return uncovered('code_option', `${program} ${long}`);
    const letters = table.bareCluster === true && index === 0 && /^[A-Za-z]+$/.test(arg) ? [...arg] : shortLetters(arg);
    if (table.short && letters.some((c) => table.short!.includes(c))) {
      return uncovered('code_option', `${program} ${arg}`);
    }
  }
  // checked last: an option that runs code makes the call never covered, not merely exact-only
  if (table.coveredSubcommands && !table.coveredSubcommands.has(firstWord)) {
    return uncovered('subcommand', firstWord === undefined ? program : `${program} ${firstWord}`);
  }
  return undefined;
}
