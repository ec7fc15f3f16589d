// Analyses one exec command on the bash grammar: its simple commands, what kind of rule may cover each, and
// the first reason no rule can cover it at all.
import { resolve } from 'node:path';
import { isInside, realPathLoose } from '../../fence/path-guard';
import { withBashTree } from './bash-parser';
import { programCoverage, type ProgramCoverage } from './program-policy';
import { namesGitInternals, writerArgumentProblem, writeTargetProblem } from './protected-targets';
import { readShellScript, type ShellRedirect, type ShellScript, type SimpleCommand } from './shell-script';
import { uncovered, type Uncovered } from './uncovered';

/** What "always allow" may remember for a command: the programs it runs, or the exact command. */
export type RuleOffer = { kind: 'prefix'; programs: string[] } | { kind: 'exact'; command: string };

export interface CommandAnalysis {
  command: string;
  /** Where the command runs (real path). */
  cwd: string;
  commands: SimpleCommand[];
  /** Per simple command, when nothing in the command is never-covered. */
  coverages: ProgramCoverage[];
  /** The first reason no rule at all can cover the command; undefined when some rule could. */
  never: Uncovered | undefined;
  /** The first reason only a rule for this exact command may cover it (a redirection writes a file). */
  exactOnly: Uncovered | undefined;
  /** What "always allow" would remember; undefined when it is not offered. */
  offer: RuleOffer | undefined;
}

export interface AnalysisPlace {
  /** Real path of the folder the command runs in. */
  cwd: string;
  /** Real path of the workspace: redirections must stay inside it. */
  workspace: string;
}

/** Control characters (but tab and newline), zero-width and direction marks, soft hyphens: what people cannot see. */
const HIDDEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

function hiddenCharacter(command: string): Uncovered | undefined {
  for (const ch of command) {
    if (ch === '\n' || ch === '\t') continue;
    if (HIDDEN.test(ch)) return uncovered('hidden_characters', `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  }
  return undefined;
}

/** File descriptors duplicated or closed (`2>&1`, `>&-`): no file is named. */
function isFdOperation(r: ShellRedirect): boolean {
  return (r.operator === '>&' || r.operator === '<&' || r.operator.endsWith('&-')) && (r.target === undefined || /^(?:\d+|-)$/.test(r.target));
}

/** Operators that only read their target (`<`); every other one may write it (`>`, `>>`, `&>`, `>|`, `<>`). */
const READ_ONLY_OPERATORS = new Set(['<']);

/**
 * What the redirections mean for rules: `never` for a target outside the workspace, a prompt file, skills/,
 * memory/ or `.git/`; `exactOnly` for any other file written (a rule for a program covers running it, not the file
 * the model names for its output).
 */
function redirectProblems(redirects: readonly ShellRedirect[], place: AnalysisPlace): { never?: Uncovered; exactOnly?: Uncovered } {
  let exactOnly: Uncovered | undefined;
  for (const r of redirects) {
    if (isFdOperation(r) || r.target === undefined) continue; // a non-literal target already is an issue
    if (r.target === '/dev/null') continue;
    if (namesGitInternals(r.target)) return { never: uncovered('git_internals', r.target) };
    const abs = resolve(place.cwd, r.target);
    const real = realPathLoose(abs);
    const workspace = realPathLoose(place.workspace);
    // a path through a symlink loop resolves to nothing: treated as outside
    if (real === undefined || workspace === undefined || !isInside(workspace, real)) return { never: uncovered('redirect', r.target) };
    if (READ_ONLY_OPERATORS.has(r.operator)) continue;
    const problem = writeTargetProblem(workspace, abs, real, r.target);
    if (problem.code !== 'writes_file') return { never: problem };
    exactOnly ??= problem;
  }
  return exactOnly ? { exactOnly } : {};
}

function offerFor(command: string, coverages: readonly ProgramCoverage[], exactOnly: boolean): RuleOffer | undefined {
  if (coverages.length === 0) return undefined;
  if (!exactOnly && coverages.every((c) => c.kind === 'prefix')) {
    return { kind: 'prefix', programs: [...new Set(coverages.map((c) => (c.kind === 'prefix' ? c.argv[0]! : '')))] };
  }
  return coverages.some((c) => c.kind === 'never') ? undefined : { kind: 'exact', command };
}

/** A command read on the bash grammar, before it is placed anywhere: its script, or why none can be read. */
export type ParsedCommand = { command: string } & ({ script: ShellScript } | { never: Uncovered });

/** Reads `command` on the bash grammar (the one tree-sitter parse of an exec call). Never throws. */
export async function parseCommand(command: string): Promise<ParsedCommand> {
  const hidden = hiddenCharacter(command);
  if (hidden) return { command, never: hidden };
  if (/\\\r?\n/.test(command)) return { command, never: uncovered('line_continuation', '\\') };
  const parsed = await withBashTree(command, readShellScript);
  if (!parsed.ok) return { command, never: uncovered('parser_unavailable', parsed.error) };
  return { command, script: parsed.value };
}

/** Classifies a parsed command as it would run in `place.cwd` (the paths it names are checked now, on disk). */
export function classifyCommand(parsed: ParsedCommand, place: AnalysisPlace): CommandAnalysis {
  const command = parsed.command;
  const base = { command, cwd: place.cwd, commands: [], coverages: [], offer: undefined, exactOnly: undefined };
  if ('never' in parsed) return { ...base, never: parsed.never };
  const script = parsed.script;
  const redirects = redirectProblems(script.redirects, place);
  const structural = script.issues[0] ?? redirects.never;
  if (structural) return { ...base, commands: script.commands, never: structural };
  if (script.commands.length === 0) return { ...base, never: uncovered('parse_error', 'no command') };
  const coverages = script.commands.map((c): ProgramCoverage => {
    const coverage = programCoverage(c);
    const protectedTarget = coverage.kind === 'never' ? undefined : writerArgumentProblem(c, place.cwd, place.workspace);
    return protectedTarget ? { kind: 'never', reason: protectedTarget } : coverage;
  });
  const never = coverages.find((c) => c.kind === 'never');
  return {
    ...base,
    commands: script.commands,
    coverages,
    never: never?.kind === 'never' ? never.reason : undefined,
    exactOnly: redirects.exactOnly,
    offer: offerFor(command, coverages, redirects.exactOnly !== undefined),
  };
}

/** Parses and classifies `command` as it would run in `place.cwd`. Never throws. */
export async function analyzeCommand(command: string, place: AnalysisPlace): Promise<CommandAnalysis> {
  return classifyCommand(await parseCommand(command), place);
}

