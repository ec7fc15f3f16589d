// The exec side of the approval gate: analyses the command where it runs, checks it against the exec rules (which
// cover a command only when it runs in the OS sandbox), and says what "always allow" may remember for it.
import { analyzeCommand, type CommandAnalysis } from '../shell-grammar/command-analysis';
import { coverageByRules, offerLabel, type CommandRule, type Coverage } from '../shell-grammar/command-rules';
import { isNeverCovered, uncovered, type Uncovered } from '../shell-grammar/uncovered';
import type { SandboxState } from '../os-sandbox/sandbox-state';
import { realPathLoose } from '../../fence/path-guard';
import type { ApprovalRuleKind } from '../../store/approval-rules.repo';

/** A rule as the gate keeps it (permanent ones come from the database, session ones from memory). */
export interface RuleSpec {
  tool: string;
  kind: ApprovalRuleKind;
  pattern: string;
  cwd: string;
}

/** A command to approve: its analysis, and whether it would run inside the OS sandbox. */
export interface CommandSubject {
  analysis: CommandAnalysis;
  /** undefined when nobody said (then it counts as no sandbox). */
  sandbox: SandboxState | undefined;
}

/**
 * The exec command analysed in its working directory (real path), against the workspace: the tool's own analysis
 * when it gave one (it parsed the command once for the whole call), else analysed here.
 */
export async function commandSubject(
  command: string,
  workingDir: string,
  workspace: string,
  sandbox: Promise<SandboxState | undefined>,
  analysed?: Promise<CommandAnalysis>,
): Promise<CommandSubject> {
  const analysis = analysed ?? analyzeCommand(command, { cwd: realPathLoose(workingDir) ?? workingDir, workspace });
  const [done, state] = await Promise.all([analysis, sandbox]);
  return { analysis: done, sandbox: state };
}

/**
 * Why no rule covers any command here: the OS sandbox is off or unavailable (or its state unknown). Rules are a
 * convenience on top of the sandbox; without it every command is asked. undefined when the sandbox is on.
 */
function sandboxMissing(state: SandboxState | undefined): Uncovered | undefined {
  if (state === undefined) return uncovered('no_sandbox', 'its state is unknown');
  if (state.status === 'on') return undefined;
  return uncovered('no_sandbox', state.status === 'off' ? 'tools.exec.sandbox is "off"' : state.detail);
}

/** The prefix and exact rules of `tool` in a form the matcher reads. */
function commandRules(tool: string, rules: readonly RuleSpec[]): CommandRule[] {
  return rules.flatMap((r) => (r.tool === tool && (r.kind === 'prefix' || r.kind === 'exact') ? [{ kind: r.kind, pattern: r.pattern, cwd: r.cwd }] : []));
}

export function commandCoverage(tool: string, subject: CommandSubject, rules: readonly RuleSpec[]): Coverage {
  const coverage = coverageByRules(subject.analysis, commandRules(tool, rules));
  const missing = sandboxMissing(subject.sandbox);
  if (!missing) return coverage;
  // what no rule covers anywhere says more about the command than the missing sandbox
  return !coverage.covered && isNeverCovered(coverage.reason.code) ? coverage : { covered: false, reason: missing };
}

/** What "always allow" adds for this command (empty when it is not offered) and the label shown for it. */
export function offeredRules(tool: string, subject: CommandSubject): { rules: RuleSpec[]; label: string | undefined } {
  const { offer, cwd } = subject.analysis;
  // without the sandbox a rule would cover nothing: "always" is not offered
  if (!offer || sandboxMissing(subject.sandbox)) return { rules: [], label: undefined };
  const rules: RuleSpec[] =
    offer.kind === 'prefix'
      ? offer.programs.map((pattern) => ({ tool, kind: 'prefix', pattern, cwd }))
      : [{ tool, kind: 'exact', pattern: offer.command, cwd }];
  return { rules, label: `${tool}: ${offerLabel(subject.analysis)}` };
}
