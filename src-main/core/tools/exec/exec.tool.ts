// exec: runs a shell command in the workspace inside the OS sandbox (where there is one), with a clean environment,
// a timeout that kills the whole tree, and head+tail truncated output.
import { statSync } from 'node:fs';
import { constants, homedir } from 'node:os';
import { z } from 'zod';
import { scrubSecrets } from '../../lib/known-secrets';
import { defineTool, fail, failWith, ok, type Tool, type ToolContext, type ToolResult } from '../tool';
import { toolError, type ToolError } from '../../lib/tool-error';
import { BoundedText, joinWithHeadTail } from './bounded-text';
import { buildChildEnv } from './child-env';
import { checkCommand } from './command-guard';
import { fenceFor, realPathLoose, resolveToolPath } from '../../fence/path-guard';
import { classifyCommand, parseCommand, type CommandAnalysis, type ParsedCommand } from '../shell-grammar/command-analysis';
import { runProcessTree, userShell, type RunTreeResult } from './process-tree';
import { proxyListenFor, sandboxRefusal, systemSandbox, type ExecSandbox } from '../os-sandbox/exec-sandbox';
import type { SandboxState } from '../os-sandbox/sandbox-state';
import { openCommandEgress, refusalNote, type CommandEgress } from '../egress/command-egress';
import type { EgressTarget } from '../egress/egress-policy';
import type { EgressVerdict } from '../egress/egress-record';
import type { ResolveAll } from '../egress/admission';
import type { MemoryProposals } from '../approvals/memory-approval';
import { steeringPaths } from '../../fence/prompt-files';
import { settlePromptChanges, snapshotPrompt } from './exec-prompt-guard';
import { settleCodeRunning, snapshotCodeRunning } from './exec-code-guard';
import { assertNever } from '../../lib/assert-never';
import type { EgressLedger } from '../egress/egress-record';

/** Output longer than this keeps its head and tail. */
export const MAX_EXEC_OUTPUT_CHARS = 10_000;
export const MAX_EXEC_TIMEOUT_SECONDS = 600;

const params = z.object({
  command: z.string().min(1).describe('The shell command to run'),
  working_dir: z.string().optional().describe('Folder to run in, relative to the workspace (default: the workspace)'),
  timeout: z
    .number()
    .int()
    .min(1)
    .max(MAX_EXEC_TIMEOUT_SECONDS)
    .optional()
    .describe('Seconds before the command and everything it started are killed (default from config, at most 600)'),
});
type ExecArgs = z.output<typeof params>;

export interface ExecToolDeps {
  /** The environment the child's allowlisted variables are copied from (default process.env). */
  parentEnv?: NodeJS.ProcessEnv;
  /** The OS sandbox (default: this process's, probed once). */
  sandbox?: ExecSandbox;
  /** $NANOTRAY_HOME, hidden inside the sandbox (wireTools passes the core's). */
  nanotrayHome?: string;
  /** The app's code folders (`<app root>/out`, `node_modules`): read-only inside the sandbox, also in the workspace. */
  appCode?: readonly string[];
  /** Where what a command wrote into a prompt file goes for review after it is undone (the workspace's review). */
  memoryProposals?: MemoryProposals;
  /** Where the connections of sandboxed commands are recorded (the core's egress ledger). */
  ledger?: EgressLedger;
  /**
   * The host policy for a sandboxed command's connections (wiring passes the approval service's). Missing: every
   * host is refused as if nobody could approve it.
   */
  egressPolicy?(target: EgressTarget, command: string, ctx: ToolContext): Promise<EgressVerdict>;
  /** DNS for the egress proxy (tests map names to addresses). */
  resolveAll?: ResolveAll;
}

/** The working dir as the model gave it, resolved against the workspace (not yet fence-checked). */
function workingDirOf(args: ExecArgs, ctx: ToolContext): ReturnType<typeof resolveToolPath> {
  return resolveToolPath(args.working_dir?.trim() || '.', fenceFor(ctx));
}

/**
 * The command of one call read on the bash grammar, once: the gate's preflight, its approval subject and the run
 * each classify it where it runs (paths checked on disk each time) but parse it only the first time. Keyed by the
 * arguments object, which the registry hands unchanged from the gate to the run.
 */
class CommandParses {
  readonly #parsed = new WeakMap<ExecArgs, Promise<ParsedCommand>>();

  of(args: ExecArgs): Promise<ParsedCommand> {
    let parsed = this.#parsed.get(args);
    if (!parsed) {
      parsed = parseCommand(args.command);
      this.#parsed.set(args, parsed);
    }
    return parsed;
  }

  /** The command classified as it would run in `workingDir`. */
  async analysis(args: ExecArgs, workingDir: string, workspace: string): Promise<CommandAnalysis> {
    return classifyCommand(await this.of(args), { cwd: realPathLoose(workingDir) ?? workingDir, workspace });
  }
}

/**
 * The checks that refuse a command before it runs or anyone is asked: exec enabled, a sandbox the config insists
 * on, working dir inside the fence, deny/allow patterns and the command's paths. Returns the refusal, or undefined.
 */
async function precheckExec(args: ExecArgs, ctx: ToolContext, deps: ExecToolDeps, parses: CommandParses): Promise<ToolError | undefined> {
  const exec = ctx.config.tools.exec;
  if (!exec.enable) return toolError('disabled', 'Error: exec is disabled (tools.exec.enable is false)');
  const noSandbox = sandboxRefusal(await (deps.sandbox ?? systemSandbox).state(exec), exec);
  if (noSandbox) return toolError('refused', noSandbox);
  const cwd = workingDirOf(args, ctx);
  if (!cwd.ok) return cwd.error;
  const analysis = await parses.analysis(args, cwd.value, ctx.workspace);
  const blocked = checkCommand(args.command, analysis, {
    denyPatterns: exec.denyPatterns,
    allowPatterns: exec.allowPatterns,
    restrictToWorkspace: ctx.config.tools.restrictToWorkspace,
    workspace: ctx.workspace,
    cwd: cwd.value,
  });
  return blocked === undefined ? undefined : toolError('refused', blocked);
}

/** stdout, then `STDERR:` + stderr when not blank, then `Exit code: N`; head+tail cut past 10,000 chars. */
export function formatExecOutput(stdout: BoundedText, stderr: BoundedText, exitCode: number): string {
  const pieces: Array<string | BoundedText> = [];
  if (stdout.length > 0) pieces.push(stdout, stdout.endsWithNewline() ? '' : '\n');
  if (!stderr.isBlank() && stderr.length > 0) pieces.push('STDERR:\n', stderr, stderr.endsWithNewline() ? '' : '\n');
  pieces.push(`Exit code: ${exitCode}`);
  return joinWithHeadTail(pieces, MAX_EXEC_OUTPUT_CHARS);
}

export function createExecTool(deps: ExecToolDeps = {}): Tool<typeof params> {
  const parses = new CommandParses();
  return defineTool({
    name: 'exec',
    description:
      'Run a shell command in the workspace and return its output (stdout, STDERR, exit code). Commands time out ' +
      '(default from config, at most 600 s). Destructive commands are refused; the user may be asked to approve.',
    params,
    category: 'command',
    forSubagents: true,
    approvalSubject(args, ctx) {
      const cwd = workingDirOf(args, ctx);
      const workingDir = cwd.ok ? cwd.value : (args.working_dir ?? ctx.workspace);
      return { command: args.command, workingDir, analysis: parses.analysis(args, workingDir, ctx.workspace) };
    },
    preflight: (args, ctx) => precheckExec(args, ctx, deps, parses),
    sandbox: (ctx) => (deps.sandbox ?? systemSandbox).state(ctx.config.tools.exec),
    async run(args, ctx) {
      const refused = await precheckExec(args, ctx, deps, parses);
      if (refused) return failWith(refused);
      const cwd = workingDirOf(args, ctx);
      if (!cwd.ok) return failWith(cwd.error);
      try {
        if (!statSync(cwd.value).isDirectory()) return fail('invalid_args', `Error: Working directory is not a folder: ${args.working_dir ?? cwd.value}`);
      } catch {
        return fail('not_found', `Error: Working directory not found: ${args.working_dir ?? cwd.value}`);
      }
      const timeoutSeconds = Math.min(args.timeout ?? ctx.config.tools.exec.timeout, MAX_EXEC_TIMEOUT_SECONDS);
      const parentEnv = deps.parentEnv ?? process.env;
      const sandbox = deps.sandbox ?? systemSandbox;
      const state = await sandbox.state(ctx.config.tools.exec);
      const shell = userShell(args.command, parentEnv);
      const cwdReal = realPathLoose(cwd.value) ?? cwd.value;
      const promptBefore = snapshotPrompt(ctx.workspace);
      const codeBefore = snapshotCodeRunning(ctx.workspace);
      const egress = await startEgress(state, args.command, ctx, deps);
      const running = runProcessTree({
        shell:
          state.status === 'on'
            ? sandbox.wrap(shell, {
                workspace: ctx.workspace,
                cwd: cwdReal,
                nanotrayHome: deps.nanotrayHome ?? '',
                userHome: parentEnv.HOME || homedir(),
                ...(parentEnv.XDG_RUNTIME_DIR ? { runtimeDir: parentEnv.XDG_RUNTIME_DIR } : {}),
                readOnly: [...steeringPaths(ctx.workspace), ...(deps.appCode ?? [])],
              }, egress ? { proxy: egress.proxy } : {})
            : shell,
        cwd: cwd.value,
        env: { ...buildChildEnv(parentEnv, ctx.config.tools.exec.allowedEnvKeys), ...egress?.env },
        timeoutMs: timeoutSeconds * 1000,
        signal: ctx.signal,
      });
      // the proxy closes whatever the command came to (a question still waiting is withdrawn)
      const ran = await running.finally(() => egress?.close());
      const networkNote = refusalNote((await egress?.close()) ?? []);
      const note = settlePromptChanges(promptBefore, ctx, deps.memoryProposals) + settleCodeRunning(codeBefore, ctx.workspace) + networkNote;
      const result = outcomeOf(ran, timeoutSeconds);
      if (!note) return result;
      return result.ok ? ok(result.output + note) : fail(result.error.code, result.error.message + note);
    },
  });
}

/**
 * The egress proxy of one sandboxed command, when it has network (tools.exec.network "ask" or "on" and the bridge
 * there): "on" lets every host through, "ask" asks the policy once per host while the command waits.
 */
async function startEgress(state: SandboxState, command: string, ctx: ToolContext, deps: ExecToolDeps): Promise<CommandEgress | undefined> {
  const listen = proxyListenFor(state);
  if (!listen || state.status !== 'on') return undefined;
  return openCommandEgress({
    listen,
    filter: state.network === 'unfiltered' ? 'open' : 'policy',
    decide: (target, signal) => deps.egressPolicy?.(target, command, { ...ctx, signal }) ?? Promise.resolve('unattended'),
    source: { kind: 'exec', command },
    sessionKey: ctx.sessionKey,
    allowPrivateHosts: ctx.config.tools.web.allowPrivateHosts,
    ...(deps.ledger ? { ledger: deps.ledger } : {}),
    ...(deps.resolveAll ? { resolveAll: deps.resolveAll } : {}),
    now: () => ctx.now(),
  });
}

/** The tool result for a finished process tree (its output scrubbed of any secret it found on disk). */
function outcomeOf(result: RunTreeResult, timeoutSeconds: number): ToolResult {
  switch (result.outcome) {
    case 'timeout':
      return fail('timeout', `Error: Command timed out after ${timeoutSeconds} seconds`);
    case 'aborted':
      return fail('cancelled', 'Error: Command cancelled (the turn was stopped)');
    case 'spawn_error':
      return fail('unavailable', `Error: Could not start the shell: ${result.error ?? 'unknown error'}`);
    case 'exited': {
      // Killed by a signal: report it the way shells do (128 + signal number, e.g. 137 for SIGKILL).
      const exitCode = result.exitCode ?? (result.exitSignal ? 128 + (constants.signals[result.exitSignal] ?? 0) : 1);
      // The child never had the app's secrets, but its output might echo one found on disk.
      return ok(scrubSecrets(formatExecOutput(result.stdout, result.stderr, exitCode)));
    }
    default:
      return assertNever(result.outcome);
  }
}
