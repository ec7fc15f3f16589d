// find's own grammar: leading -H/-L/-P/-D/-O, start paths, then an expression of single-dash predicates (no
// abbreviations). A rule covers the tests and printing actions listed; -exec and file-writing actions never.
import { uncovered, type Uncovered } from './uncovered';

/** Tests and actions a rule covers, with how many words each takes. */
const SAFE_PREDICATES: Record<string, number> = {
  ...Object.fromEntries(
    ('-name -iname -path -ipath -wholename -iwholename -regex -iregex -regextype -lname -ilname -type -xtype -maxdepth ' +
      '-mindepth -mtime -mmin -atime -amin -ctime -cmin -newer -anewer -cnewer -size -perm -user -group -uid -gid -links ' +
      '-inum -samefile -used -fstype -printf -context')
      .split(' ')
      .map((p) => [p, 1]),
  ),
  ...Object.fromEntries(
    ('-print -print0 -prune -not -a -o -and -or -empty -ls -depth -d -follow -xdev -mount -readable -writable -executable ' +
      '-true -false -quit -nouser -nogroup -noleaf -daystart -ignore_readdir_race -noignore_readdir_race -help --help ' +
      '-version --version -nowarn -warn')
      .split(' ')
      .map((p) => [p, 0]),
  ),
};

/** Actions that run a command or write or delete files. */
const CODE_PREDICATES = new Set(['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls']);

/** Operators and grouping words of the expression. */
const OPERATORS = new Set(['(', ')', '!', ',']);

/** undefined when a rule for `find` covers this call; else the gravest reason it does not. `argv[0]` is find. */
export function findProblem(argv: readonly string[]): Uncovered | undefined {
  let i = 1;
  // -H -L -P, -D debugopts, -Olevel before the start points
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-H' || arg === '-L' || arg === '-P' || /^-O\d$/.test(arg)) continue;
    if (arg === '-D') {
      i++;
      continue;
    }
    break;
  }
  let unknown: Uncovered | undefined;
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    if (CODE_PREDICATES.has(arg)) return uncovered('code_option', `find ${arg}`);
    if (OPERATORS.has(arg)) continue;
    if (!arg.startsWith('-')) continue; // a start point, or a word find will refuse
    // -newerXY (a reference time or file)
    const takes = SAFE_PREDICATES[arg] ?? (/^-newer[aBcmt][aBcmt]$/.test(arg) ? 1 : undefined);
    if (takes === undefined) {
      unknown ??= uncovered('unknown_option', `find ${arg}`);
      continue;
    }
    i += takes;
  }
  return unknown;
}
