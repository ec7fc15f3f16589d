// The exec side of the approval gate: analyses the command where it runs, checks it against the exec rules,
// and says what "always allow" may remember for it.
import { analyzeCommand, type CommandAnalysis } from '../shell-grammar/command-analysis';
import { coverageByRules, offerLabel, type CommandRule, type Coverage } from '../shell-grammar/command-rules';
import { realPathLoose } from '../sandbox/path-guard';
import type { ApprovalRuleKind } from '../../store/approval-rules.repo';

/** A rule as the gate keeps it (permanent ones come from the database, session ones from memory). */
export interface RuleSpec {
  tool: string;
  kind: ApprovalRuleKind;
  pattern: string;
  cwd: string;
}

/** A command to approve: its analysis, and where it runs. */
export interface CommandSubject {
  analysis: CommandAnalysis;
}

/** Analyses the exec command in its working directory (real path), against the workspace. */
export async function commandSubject(command: string, workingDir: string, workspace: string): Promise<CommandSubject> {
  return { analysis: await analyzeCommand(command, { cwd: realPathLoose(workingDir) ?? workingDir, workspace }) };
}

/** The prefix and exact rules of `tool` in a form the matcher reads. */
function commandRules(tool: string, rules: readonly RuleSpec[]): CommandRule[] {
  return rules.flatMap((r) => (r.tool === tool && (r.kind === 'prefix' || r.kind === 'exact') ? [{ kind: r.kind, pattern: r.pattern, cwd: r.cwd }] : []));
}

export function commandCoverage(tool: string, subject: CommandSubject, rules: readonly RuleSpec[]): Coverage {
  return coverageByRules(subject.analysis, commandRules(tool, rules));
}

/** What "always allow" adds for this command (empty when it is not offered) and the label shown for it. */
export function offeredRules(tool: string, subject: CommandSubject): { rules: RuleSpec[]; label: string | undefined } {
  const { offer, cwd } = subject.analysis;
  if (!offer) return { rules: [], label: undefined };
  const rules: RuleSpec[] =
    offer.kind === 'prefix'
      ? offer.programs.map((pattern) => ({ tool, kind: 'prefix', pattern, cwd }))
      : [{ tool, kind: 'exact', pattern: offer.command, cwd }];
  return { rules, label: `${tool}: ${offerLabel(subject.analysis)}` };
}
