// Reads a program's options the way GNU getopt_long and git's parse-options do (`-abc` bundles, `-ovalue`,
// `--opt=value` and `--opt value`, `--` ends options) against an allow-list: what a rule covers is spelled out.
import { uncovered, type Uncovered } from './uncovered';

/** `none` a flag, `required` a value attached or in the next word, `optional` a value only attached. */
export type ArgKind = 'none' | 'required' | 'optional';

/** `safe` a rule may cover it; `code` it runs other code (never covered); `writes` its value is a file written. */
export type OptionVerdict = 'safe' | 'code' | 'writes';

export interface OptionInfo {
  verdict: OptionVerdict;
  arg: ArgKind;
}

export interface OptionGrammar {
  /** Long options with their dashes (`--jobs`, or `-name` for find's predicates). */
  long: ReadonlyMap<string, OptionInfo>;
  /** Short option letters. */
  short: ReadonlyMap<string, OptionInfo>;
  /**
   * Options not listed pass (programs a rule covers only by the exact command anyway, where only the code-running
   * options matter); else an unlisted option makes the call `unknown_option`.
   */
  openEnded: boolean;
  /** `-5` is a count (git log). */
  numericShort: boolean;
  /** Go's flag package: `-name` and `--name` alike, never bundled nor abbreviated. */
  singleDash: boolean;
}

export interface GrammarSpec {
  /** Space-separated: `-x` flag, `-x=` value, `-x?` attached value only, `--name`, `--name=`, `--name?`, `--[no-]name`. */
  safe?: string;
  code?: string;
  writes?: string;
  openEnded?: boolean;
  numericShort?: boolean;
  singleDash?: boolean;
}

function addSpec(long: Map<string, OptionInfo>, short: Map<string, OptionInfo>, words: string | undefined, verdict: OptionVerdict): void {
  for (const word of (words ?? '').split(/\s+/).filter(Boolean)) {
    const arg: ArgKind = word.endsWith('=') ? 'required' : word.endsWith('?') ? 'optional' : 'none';
    const name = arg === 'none' ? word : word.slice(0, -1);
    const negatable = /^--\[no-\]/.exec(name);
    const names = negatable ? [`--${name.slice(7)}`, `--no-${name.slice(7)}`] : [name];
    for (const n of names) {
      if (/^-[^-]$/.test(n)) short.set(n[1]!, { verdict, arg });
      else long.set(n, { verdict, arg });
    }
  }
}

/** Compiles a spec; `code` and `writes` entries win over `safe` ones of the same name. */
export function optionGrammar(spec: GrammarSpec): OptionGrammar {
  const long = new Map<string, OptionInfo>();
  const short = new Map<string, OptionInfo>();
  addSpec(long, short, spec.safe, 'safe');
  addSpec(long, short, spec.writes, 'writes');
  addSpec(long, short, spec.code, 'code');
  return { long, short, openEnded: spec.openEnded === true, numericShort: spec.numericShort === true, singleDash: spec.singleDash === true };
}

export interface ParsedOptions {
  /** The words that are not options nor option values, in order (all of them after `--`). */
  operands: string[];
  /** Each option as written in full, with its value. */
  options: Array<{ name: string; value: string | undefined }>;
  /** The gravest problem: a code-running option first, else the first unknown option or written file. */
  problem: Uncovered | undefined;
}

/** Keeps the gravest of two problems: a never-covered one over one an exact rule may cover. */
export function graver(a: Uncovered | undefined, b: Uncovered | undefined): Uncovered | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return b.code === 'code_option' && a.code !== 'code_option' ? b : a;
}

/**
 * Why an option the grammar does not list was refused: `code_option` when the program may read it as a code-running
 * option (it is an abbreviation of one: git and getopt_long take any unambiguous prefix), else `unknown_option`.
 */
export function unlistedProblem(grammar: OptionGrammar, name: string, shown: string, prefixes = true): Uncovered {
  const meant = prefixes ? [...grammar.long].find(([full, info]) => info.verdict === 'code' && full.startsWith(name) && name.length > 2) : undefined;
  if (meant) return uncovered('code_option', `${shown} (${meant[0]})`);
  return uncovered('unknown_option', shown);
}

/** A value in the next word that looks like an option: the program may read it as one (a mismatch of arity). */
function suspiciousValue(value: string): boolean {
  return value.startsWith('-') && value !== '-';
}

function verdictProblem(info: OptionInfo, shown: string, value: string | undefined): Uncovered | undefined {
  if (info.verdict === 'code') return uncovered('code_option', shown);
  if (info.verdict === 'writes') return uncovered('writes_file', value === undefined ? shown : `${shown} ${value}`);
  return undefined;
}

/**
 * Reads `args` (the words after the program or subcommand) as getopt_long would, permuting (options after operands
 * count), and says what a rule makes of them. `shown` prefixes the details (`git grep`).
 */
export function parseOptions(args: readonly string[], grammar: OptionGrammar, shown: string): ParsedOptions {
  const operands: string[] = [];
  const options: ParsedOptions['options'] = [];
  let problem: Uncovered | undefined;
  const flag = (p: Uncovered | undefined): void => {
    problem = graver(problem, p);
  };
  for (let i = 0; i < args.length; i++) {
    // Go reads --name as -name; keep the single-dash spelling the grammar lists
    const written = args[i]!;
    const arg = grammar.singleDash && written.startsWith('-') && written.length > 1 && written !== '--' ? `--${written.replace(/^--?/, '')}` : written;
    if (arg === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq < 0 ? arg : arg.slice(0, eq);
      const info = grammar.long.get(name);
      if (!info) {
        const unlisted = unlistedProblem(grammar, name, `${shown} ${written}`, !grammar.singleDash);
        if (!grammar.openEnded || unlisted.code === 'code_option') flag(unlisted);
        continue;
      }
      let value = eq < 0 ? undefined : arg.slice(eq + 1);
      if (value !== undefined && info.arg === 'none') flag(uncovered('unknown_option', `${shown} ${arg}`)); // the program's error
      if (value === undefined && info.arg === 'required') {
        value = args[++i];
        if (value === undefined || (suspiciousValue(value) && !grammar.openEnded)) flag(uncovered('unknown_option', `${shown} ${name} ${value ?? ''}`.trim()));
      }
      flag(verdictProblem(info, `${shown} ${grammar.singleDash ? name.slice(1) : name}`, value));
      options.push({ name, value });
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1) {
      if (grammar.numericShort && /^-\d+$/.test(arg)) {
        options.push({ name: arg, value: undefined });
        continue;
      }
      for (let j = 1; j < arg.length; j++) {
        const letter = arg[j]!;
        const info = grammar.short.get(letter);
        if (!info) {
          if (!grammar.openEnded) flag(uncovered('unknown_option', `${shown} -${letter}${arg.length > 2 ? ` (in ${arg})` : ''}`));
          continue;
        }
        let value: string | undefined;
        if (info.arg !== 'none') {
          value = arg.slice(j + 1) || undefined;
          if (value === undefined && info.arg === 'required') {
            value = args[++i];
            if (value === undefined || (suspiciousValue(value) && !grammar.openEnded)) flag(uncovered('unknown_option', `${shown} -${letter} ${value ?? ''}`.trim()));
          }
        }
        flag(verdictProblem(info, `${shown} ${arg}`, value === arg.slice(j + 1) ? undefined : value));
        options.push({ name: `-${letter}`, value });
        if (info.arg !== 'none') break;
      }
      continue;
    }
    operands.push(arg);
  }
  return { operands, options, problem };
}
