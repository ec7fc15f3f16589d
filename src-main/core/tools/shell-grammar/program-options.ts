// What a rule for a program with code-running options covers: its options read as the program reads them, against
// the allow-list of that program (program-grammars.ts, find-expression.ts, npm-options.ts).
import { findProblem } from './find-expression';
import { npmProblem } from './npm-options';
import { graver, parseOptions, type OptionGrammar, type ParsedOptions } from './option-grammar';
import { CARGO, CURL, GO, LESS, MAKE, MAN, PIP, RIPGREP, RSYNC, SCP, SORT, SSH, TAR, WGET, ZIP } from './program-grammars';
import { uncovered, type Uncovered } from './uncovered';

/** Programs read with getopt_long-like grammars. */
const GRAMMARS: Record<string, OptionGrammar> = {
  make: MAKE,
  gmake: MAKE,
  tar: TAR,
  gtar: TAR,
  rsync: RSYNC,
  sort: SORT,
  rg: RIPGREP,
  zip: ZIP,
  less: LESS,
  curl: CURL,
  wget: WGET,
  ssh: SSH,
  scp: SCP,
  sftp: SCP,
  man: MAN,
  go: GO,
  cargo: CARGO,
};

/** The subcommands a rule for go or cargo covers: building, testing and running the project, looking at it. */
const BUILD_SUBCOMMANDS: Record<string, ReadonlySet<string>> = {
  go: new Set(['build', 'test', 'vet', 'fmt', 'list', 'version', 'mod', 'doc', 'run', 'generate', 'work', 'clean', 'help', 'bug']),
  cargo: new Set(['build', 'b', 'check', 'c', 'test', 't', 'run', 'r', 'clippy', 'fmt', 'doc', 'd', 'tree', 'metadata', 'bench', 'clean', 'fetch', 'help', 'version', 'locate-project', 'pkgid', 'verify-project', 'read-manifest']),
};

/** `go env -w` writes the user's go configuration (GOFLAGS=-toolexec=… runs later, outside Nanotray). */
function buildToolProblem(program: string, parsed: ParsedOptions, args: readonly string[]): Uncovered | undefined {
  if (parsed.problem?.code === 'code_option') return parsed.problem;
  // cargo +nightly build: a toolchain the user installed, then the subcommand
  const sub = parsed.operands.find((o) => !o.startsWith('+'));
  if (program === 'go' && sub === 'env' && args.some((a) => /^--?[wu](?:=|$)/.test(a))) return uncovered('code_option', 'go env -w');
  if (program === 'go' && sub === 'env') return parsed.problem;
  if (sub !== undefined && !BUILD_SUBCOMMANDS[program]!.has(sub)) return uncovered('subcommand', `${program} ${sub}`);
  return parsed.problem;
}

/** The only pip subcommands a rule covers: looking at what is installed. */
const PIP_READS = new Set(['list', 'show', 'freeze', 'check', 'help', 'inspect']);

/** `tar xzf a.tgz`: an old-style first word is a bundle of letters whose values are the next words, in order. */
function tarWords(args: readonly string[]): string[] {
  const first = args[0];
  if (first === undefined || !/^[A-Za-z]+$/.test(first)) return [...args];
  const rest = args.slice(1);
  const words: string[] = [];
  for (const letter of first) {
    words.push(`-${letter}`);
    if (TAR.short.get(letter)?.arg === 'required') {
      const value = rest.shift();
      if (value !== undefined) words.push(value);
    }
  }
  return [...words, ...rest];
}

/** `make CC='sh -c …' all`: a variable set on the command line overrides what the Makefile runs. */
function makeAssignment(operands: readonly string[]): Uncovered | undefined {
  const assignment = operands.find((o) => o.includes('='));
  return assignment === undefined ? undefined : uncovered('code_option', `make ${assignment}`);
}

/** `tar -xf host:a.tar` reads the archive through rsh/ssh from another machine, as rsync does with `host:path`. */
function remoteArchive(options: ParsedOptions['options']): Uncovered | undefined {
  const remote = options.find((o) => (o.name === '-f' || o.name === '--file') && o.value !== undefined && /^[^/]*:/.test(o.value));
  return remote ? uncovered('network', `tar ${remote.name} ${remote.value}`) : undefined;
}

function pipProblem(program: string, args: readonly string[]): Uncovered | undefined {
  const parsed = parseOptions(args, PIP, program);
  if (parsed.problem?.code === 'code_option') return parsed.problem;
  const sub = parsed.operands[0];
  if (sub !== undefined && !PIP_READS.has(sub)) return uncovered('subcommand', `${program} ${sub}`);
  return parsed.problem;
}

/**
 * undefined when a rule for the program covers this call; else why not: an option or subcommand that runs other code
 * (never covered), or one a rule does not cover (an unknown option, a subcommand that installs or publishes: only an
 * exact rule covers it). Programs without code-running options have no entry here.
 */
export function optionProblem(argv: readonly string[]): Uncovered | undefined {
  const program = argv[0]!;
  const args = argv.slice(1);
  if (program === 'find') return findProblem(argv);
  if (program === 'npm' || program === 'pnpm') return npmProblem(argv, { bareCommandCovered: true, valueKeys: true });
  // a bare `yarn` installs; yarn's own parser: no key takes the next word as its value
  if (program === 'yarn') return npmProblem(argv, { bareCommandCovered: false, valueKeys: false });
  if (program === 'pip' || /^pip3(?:\.\d+)?$/.test(program)) return pipProblem(program, args);
  const grammar = GRAMMARS[program];
  if (!grammar) return undefined;
  // zip's parser has two-letter short options: -TT (the unzip command) also inside a bundle
  if (program === 'zip' && args.some((a) => /^-[^-]*TT/.test(a))) return uncovered('code_option', 'zip -TT');
  const parsed = parseOptions(program === 'tar' || program === 'gtar' ? tarWords(args) : args, grammar, program);
  if (program === 'make' || program === 'gmake') return graver(parsed.problem, makeAssignment(parsed.operands));
  if (program === 'tar' || program === 'gtar') return graver(parsed.problem, remoteArchive(parsed.options));
  if (program === 'go' || program === 'cargo') return buildToolProblem(program, parsed, args);
  return parsed.problem;
}
