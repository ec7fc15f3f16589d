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
}

const NPM_LIKE: OptionTable = {
  long: ['--script-shell', '--node-options', '--call', '--userconfig', '--globalconfig'],
  short: 'c',
  subcommands: ['exec', 'x', 'dlx', 'explore', 'create', 'init', 'config', 'node'],
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
  yarn: NPM_LIKE,
};

/** undefined when the options of this call run nothing but the program itself; else the offending option. */
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
  return undefined;
}
