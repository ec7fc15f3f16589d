// Whether remembered rules ("always allow", tools.exec.allowPatterns) cover an analysed command, and why not.
import type { CommandAnalysis } from './command-analysis';
import { uncovered, type Uncovered } from './uncovered';

/** A remembered exec rule: the program words it starts with, or one exact command; bound to a folder. */
export interface CommandRule {
  kind: 'prefix' | 'exact';
  /** `git`, `npm test` (prefix words), or the whole command text (exact). */
  pattern: string;
  /** Real path of the folder the rule was given in. */
  cwd: string;
}

export type Coverage = { covered: true } | { covered: false; reason: Uncovered };

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** argv as one line, words with spaces or shell characters single-quoted: what allowPatterns are tested on. */
export function renderArgv(argv: readonly string[]): string {
  return argv.map((w) => (SAFE_WORD.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}

function startsWithWords(argv: readonly string[], pattern: string): boolean {
  const words = pattern.split(' ').filter(Boolean);
  return words.length > 0 && words.every((w, i) => argv[i] === w);
}

/**
 * True only when every simple command is covered: an exact rule for the whole command in this folder, or (when no
 * redirection writes a file) for each simple command a prefix rule (given in this folder) whose words start its argv. Never-covered commands
 * and interpreters (without an exact rule) are refused with the reason.
 */
export function coverageByRules(analysis: CommandAnalysis, rules: readonly CommandRule[]): Coverage {
  if (analysis.never) return { covered: false, reason: analysis.never };
  const here = rules.filter((r) => r.cwd === analysis.cwd);
  if (here.some((r) => r.kind === 'exact' && r.pattern === analysis.command)) return { covered: true };
  if (analysis.exactOnly) return { covered: false, reason: analysis.exactOnly };
  for (const coverage of analysis.coverages) {
    if (coverage.kind !== 'prefix') return { covered: false, reason: coverage.reason };
    const program = coverage.argv[0]!;
    if (here.some((r) => r.kind === 'prefix' && startsWithWords(coverage.argv, r.pattern))) continue;
    const elsewhere = rules.some((r) => r.kind === 'prefix' && startsWithWords(coverage.argv, r.pattern));
    return { covered: false, reason: uncovered(elsewhere ? 'other_directory' : 'no_rule', program) };
  }
  return analysis.coverages.length > 0 ? { covered: true } : { covered: false, reason: uncovered('parse_error', 'no command') };
}

export type PatternCoverage = { covered: true } | { covered: false; reason: Uncovered } | { covered: false; unmatched: string };

/**
 * allowPatterns: every simple command, rendered with renderArgv, must match one pattern; commands no rule may
 * cover, interpreters and code-running options never pass, whatever the patterns say.
 */
export function coverageByPatterns(analysis: CommandAnalysis, patterns: readonly RegExp[]): PatternCoverage {
  if (analysis.never) return { covered: false, reason: analysis.never };
  for (const coverage of analysis.coverages) {
    if (coverage.kind !== 'prefix') return { covered: false, reason: coverage.reason };
    const line = renderArgv(coverage.argv);
    if (!patterns.some((p) => p.test(line))) return { covered: false, unmatched: line };
  }
  return analysis.coverages.length > 0 ? { covered: true } : { covered: false, unmatched: analysis.command };
}

/** The label of what "always allow" remembers, for the card and the prompt. */
export function offerLabel(analysis: CommandAnalysis): string | undefined {
  const offer = analysis.offer;
  if (!offer) return undefined;
  return offer.kind === 'prefix' ? offer.programs.join(', ') : `exactly: ${offer.command}`;
}
