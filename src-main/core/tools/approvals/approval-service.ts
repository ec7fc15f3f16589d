// The approval gate every tool call passes: modes ask/auto/readonly, "always allow" rules, and prompts to a host.
import { randomUUID } from 'node:crypto';
import type { ApprovalCategory, ApprovalDecision, ApprovalEnd, CoreEvent } from '../../../../src-preload/contract/event-schemas';
import type { Config } from '../../../../src-preload/contract/config-schema';
import type { Clock } from '../../lib/clock';
import { coreError, type ServiceError } from '../../lib/core-error';
import { errResult, okResult, type Result } from '../../lib/result';
import type { Database } from '../../store/db';
import type { ApprovalGate, GateVerdict } from '../approval-gate';
import { type ApprovalSubject, type Tool, type ToolContext } from '../tool';
import { toolError, type ToolError } from '../../lib/tool-error';
import { parseEgressHost, unicodeLookalike } from '../egress/egress-host';
import { describeUncovered, viewOf } from '../shell-grammar/uncovered';
import type { SandboxState } from '../os-sandbox/sandbox-state';
import { WEB_FETCH_TOOL } from '../web/web-fetch.tool';
import { deniedError, expiredError, nonInteractiveError, readonlyError, stoppedError } from './approval-messages';
import { commandCoverage, commandSubject, offeredRules, type CommandSubject, type RuleSpec } from './command-approval';
import { memoryVerdict, type MemoryProposals } from './memory-approval';
import {
  addApprovalRule,
  deleteApprovalRule,
  listApprovalRules,
  type ApprovalRule,
  type NewApprovalRule,
} from '../../store/approval-rules.repo';
import type { EgressVerdict } from '../egress/egress-record';
import { coversMcpTool, mcpRuleLabel, mcpToolOf, mcpToolRule } from './mcp-tool-rule';

export { deniedError } from './approval-messages';

export type ApprovalMode = Config['tools']['approval']['mode'];

/** Five minutes without an answer count as "deny". */
export const APPROVAL_TIMEOUT_MS = 5 * 60_000;

/** A question waiting for the user: the payload of the `approval.requested` event. */
export type ApprovalRequest = Omit<Extract<CoreEvent, { type: 'approval.requested' }>, 'type'>;

/** Where "allow always" is remembered: this session only, or in the database for good. */
export type RuleScope = 'session' | 'permanent';

export interface ApprovalServiceOptions {
  db: Database;
  emit(event: CoreEvent): void;
  clock: Clock;
  config(): Config;
  timeoutMs?: number;
  /** Where memory changes go when nobody can review them (the workspace's review); without it they are refused. */
  memoryProposals?: MemoryProposals;
  newId?(): string;
}

/** What a call is about: the tool's subject, with exec's command analysed on the shell grammar. */
interface Subject {
  workingDir?: string;
  egress?: { url: string; host: string };
  memory?: ApprovalSubject['memory'];
  refusal?: ToolError;
  command?: CommandSubject;
  /** For exec: whether it would run in the OS sandbox (shown on the card). */
  sandbox?: SandboxState;
}

interface Waiting {
  request: ApprovalRequest;
  rules: RuleSpec[];
  /** Re-checks the rules for this call (used when an "always" answer elsewhere may now cover it). */
  coveredByRules(): boolean;
  finish(decision: ApprovalDecision, ended?: ApprovalEnd, note?: string): void;
}

/** What a waiting approval came to: the decision, and whether someone made it. */
interface AskOutcome {
  decision: ApprovalDecision;
  ended: ApprovalEnd;
  /** With a denial: the user's reason, for the model. */
  note?: string;
}

/**
 * The approval category of this call: the tool's per-call answer when it has one, else its category;
 * a tool registered without one is treated as the strictest, `command`.
 */
export function categoryOf(tool: Tool, args?: unknown, ctx?: ToolContext): ApprovalCategory {
  // args were validated against tool.params by the registry before the gate is consulted.
  if (tool.categoryFor && args !== undefined && ctx) return tool.categoryFor(args as never, ctx);
  return tool.category ?? 'command';
}

export class ApprovalService implements ApprovalGate {
  readonly #options: ApprovalServiceOptions;
  readonly #timeoutMs: number;
  readonly #waiting = new Map<string, Waiting>();
  readonly #sessionRules = new Map<string, RuleSpec[]>();
  readonly #autoApproveSessions = new Set<string>();
  /** `--allow-host`: canonical hosts each session may reach for this run, without a rule. */
  readonly #sessionHosts = new Map<string, Set<string>>();

  constructor(options: ApprovalServiceOptions) {
    this.#options = options;
    this.#timeoutMs = options.timeoutMs ?? APPROVAL_TIMEOUT_MS;
  }

  /** The configured mode (`tools.approval.mode`). */
  mode(): ApprovalMode {
    return this.#options.config().tools.approval.mode;
  }

  async check(tool: Tool, args: unknown, ctx: ToolContext): Promise<GateVerdict> {
    try {
      return await this.#check(tool, args, ctx);
    } catch (err) {
      // A gate never throws: a bug here refuses the call rather than letting it through.
      return { allowed: false, error: toolError('failed', `Error: approval check failed: ${err instanceof Error ? err.message : String(err)}`) };
    }
  }

  async #check(tool: Tool, args: unknown, ctx: ToolContext): Promise<GateVerdict> {
    const category = categoryOf(tool, args, ctx);
    // The tool's own checks refuse what would be blocked anyway before anyone is asked (args were validated).
    const blocked = await tool.preflight?.(args as never, ctx);
    if (blocked) return { allowed: false, error: blocked };
    if (category === 'read') return { allowed: true };
    const mode = ctx.config.tools.approval.mode;
    const subject = await this.#subject(tool, args, ctx);
    if (category === 'network' && !subject.egress) {
      // A network tool must say where it goes; one that cannot is refused rather than let through unnamed.
      return { allowed: false, error: toolError('refused', `Error: ${tool.name} was refused: the destination of this call could not be determined.`) };
    }
    if (subject.refusal) return { allowed: false, error: subject.refusal };
    if (category === 'memory') {
      return memoryVerdict({
        toolName: tool.name,
        change: subject.memory,
        ctx,
        autoApproved: this.#autoApproveSessions.has(ctx.sessionKey),
        proposals: this.#options.memoryProposals,
        ask: () => this.#ask(tool, args, ctx, 'memory', subject),
      });
    }
    const covered = (): boolean => this.#matchesRule(tool, subject, ctx.sessionKey);
    // For a call to a host: why it went through or not, for the egress ledger.
    const why = (verdict: EgressVerdict): { egress?: EgressVerdict } => (subject.egress ? { egress: verdict } : {});
    if (mode === 'readonly') {
      // A host the user allowed for good stays reachable in read-only mode; nothing else that is not a read runs.
      return category === 'network' && covered()
        ? { allowed: true, ...why('rule') }
        : { allowed: false, error: toolError('refused', readonlyError(tool.name, category)), ...why('readonly') };
    }
    // --yes approves commands and writes, never hosts: a host needs a rule, --allow-host or mode auto
    if (mode === 'auto' || (category !== 'network' && this.#autoApproveSessions.has(ctx.sessionKey))) return { allowed: true, ...why('auto') };
    if (covered()) return { allowed: true, ...why('rule') };
    if (subject.egress && this.#sessionHosts.get(ctx.sessionKey)?.has(subject.egress.host)) return { allowed: true, ...why('run') };
    if (!ctx.interactive) {
      const uncovered = this.#whyNotCovered(tool, subject, ctx.sessionKey);
      return { allowed: false, error: toolError('needs_approval', nonInteractiveError(tool.name, subject.egress?.host, uncovered)), ...why('unattended') };
    }
    const { decision, ended, note } = await this.#ask(tool, args, ctx, category, subject);
    if (decision !== 'deny') return { allowed: true, ...why(decision === 'allow_always' ? 'always' : 'once') };
    if (ended === 'stopped') return { allowed: false, error: toolError('cancelled', stoppedError(tool.name)), ...why('denied') };
    return { allowed: false, error: toolError('denied', ended === 'expired' ? expiredError(tool.name) : deniedError(tool.name, note)), ...why('denied') };
  }

  /**
   * May a request of this call go on to `host` without asking (a redirect to another host)? Yes in auto mode,
   * when a host rule covers it, or with --allow-host for it (not with --yes: that approves no host). Never asks.
   */
  allowsEgress(tool: Tool, host: string, ctx: ToolContext): boolean {
    return this.egressVerdict(tool, host, ctx) !== undefined;
  }

  /** allowsEgress with the reason: `auto` (mode auto), `run` (--allow-host), `rule`, or undefined when not allowed. */
  egressVerdict(tool: Tool, host: string, ctx: ToolContext): 'auto' | 'rule' | 'run' | undefined {
    const mode = ctx.config.tools.approval.mode;
    if (mode === 'auto') return 'auto';
    if (mode !== 'readonly' && this.#sessionHosts.get(ctx.sessionKey)?.has(host)) return 'run';
    return this.#matchesRule(tool, { egress: { url: '', host } }, ctx.sessionKey) ? 'rule' : undefined;
  }

  /**
   * The verdict for one connection of a sandboxed process (an exec command's proxy) to `target.key`: a host rule of
   * any tool, then --allow-host, then the mode; in mode ask the user is asked (category network, the process's
   * tool) while the process waits, and nobody being there refuses. An "always" answer adds a host rule.
   * `ctx.signal` withdraws the question (the process ended). Never rejects.
   */
  async connectionVerdict(tool: Tool, target: { key: string; url: string }, args: unknown, ctx: ToolContext): Promise<EgressVerdict> {
    const subject: Subject = { egress: { url: target.url, host: target.key } };
    if (this.#hostRuled(target.key, ctx.sessionKey)) return 'rule';
    const mode = ctx.config.tools.approval.mode;
    if (mode !== 'readonly' && this.#sessionHosts.get(ctx.sessionKey)?.has(target.key)) return 'run';
    if (mode === 'readonly') return 'readonly';
    if (mode === 'auto') return 'auto';
    if (!ctx.interactive) return 'unattended';
    try {
      const { decision } = await this.#ask(tool, args, ctx, 'network', subject);
      return decision === 'allow_once' ? 'once' : decision === 'allow_always' ? 'always' : 'denied';
    } catch {
      return 'denied';
    }
  }

  /** `--allow-host HOST[:PORT]` for this session (canonical hosts, see egress-host.ts). */
  allowHostsForSession(sessionKey: string, hosts: readonly string[]): void {
    const set = this.#sessionHosts.get(sessionKey) ?? new Set<string>();
    for (const host of hosts) set.add(host);
    this.#sessionHosts.set(sessionKey, set);
  }

  /** A host rule for exactly this host: one table for every tool (web_fetch, exec's proxy, MCP servers). */
  #hostRuled(host: string, sessionKey: string): boolean {
    return this.#rulesOf(sessionKey).some((r) => r.kind === 'host' && r.pattern === host);
  }

  async #subject(tool: Tool, args: unknown, ctx: ToolContext): Promise<Subject> {
    let plain: ApprovalSubject;
    try {
      // args were validated against tool.params by the registry before the gate is consulted.
      plain = tool.approvalSubject?.(args as never, ctx) ?? {};
    } catch {
      return {};
    }
    const { command, analysis, ...rest } = plain;
    if (command === undefined) return rest;
    // Rules cover a command only when it runs in the OS sandbox: a tool that cannot say has its commands asked.
    const sandbox = tool.sandbox?.(ctx) ?? Promise.resolve(undefined);
    const analysed = await commandSubject(command, plain.workingDir ?? ctx.workspace, ctx.workspace, sandbox, analysis);
    return { ...rest, command: analysed, ...(analysed.sandbox ? { sandbox: analysed.sandbox } : {}) };
  }

  #rulesOf(sessionKey: string): RuleSpec[] {
    return [...listApprovalRules(this.#options.db), ...(this.#sessionRules.get(sessionKey) ?? [])];
  }

  /**
   * What "allow always" would add for this call and its label: the host, exec's offer (maybe none), for an MCP tool
   * its server and own name (`server · tool`), else the tool.
   */
  #rulesFor(tool: Tool, { command, egress, memory }: Subject): { rules: RuleSpec[]; label: string | undefined } {
    const toolName = tool.name;
    if (memory) return { rules: [], label: undefined }; // every memory change is reviewed on its own: no "always"
    if (egress) return { rules: [{ tool: toolName, kind: 'host', pattern: egress.host, cwd: '' }], label: egress.host };
    if (command) return offeredRules(toolName, command);
    const mcp = mcpToolOf(tool);
    if (mcp) return { rules: [mcpToolRule(mcp)], label: mcpRuleLabel(mcp) };
    return { rules: [{ tool: toolName, kind: 'tool', pattern: '', cwd: '' }], label: toolName };
  }

  /** For a command: the sentence saying why no rule covers it. */
  #whyNotCovered(tool: Tool, { command }: Subject, sessionKey: string): string | undefined {
    if (!command) return undefined;
    const coverage = commandCoverage(tool.name, command, this.#rulesOf(sessionKey));
    return coverage.covered ? undefined : describeUncovered(coverage.reason);
  }

  #matchesRule(tool: Tool, { command, egress }: Subject, sessionKey: string): boolean {
    const toolName = tool.name;
    const mcp = mcpToolOf(tool);
    const rules = this.#rulesOf(sessionKey);
    // A command is covered only by command rules: a whole-tool rule for exec would allow any command.
    if (command) return commandCoverage(toolName, command, rules).covered;
    const toolRule = (r: RuleSpec): boolean => r.kind === 'tool' && r.tool === toolName;
    // A host rule names one exact host (see egress-host.ts): no subdomains, no other port. Host rules are shared by
    // every tool that reaches hosts: allowing api.github.com for web_fetch allows it for commands too.
    if (egress) return (!mcp && rules.some(toolRule)) || this.#hostRuled(egress.host, sessionKey);
    // An MCP tool is covered only by rules naming its server (the configured name it carries) and, for one tool, the
    // tool's own name: never by its model-facing name, which is cleaned and can be another server's (my.files, my_files).
    if (mcp) return rules.some((r) => coversMcpTool(r, mcp));
    return rules.some(toolRule);
  }

  #ask(
    tool: Tool,
    args: unknown,
    ctx: ToolContext,
    category: ApprovalCategory,
    subject: Subject,
  ): Promise<AskOutcome> {
    if (ctx.signal.aborted) return Promise.resolve({ decision: 'deny', ended: 'stopped' });
    const { rules, label } = this.#rulesFor(tool, subject);
    const coverage = subject.command ? commandCoverage(tool.name, subject.command, this.#rulesOf(ctx.sessionKey)) : undefined;
    const unicodeHost = subject.egress ? unicodeLookalike(subject.egress.host) : undefined;
    const request: ApprovalRequest = {
      id: this.#options.newId?.() ?? randomUUID(),
      sessionKey: ctx.sessionKey,
      turnId: ctx.turnId,
      ...(ctx.callId ? { callId: ctx.callId } : {}),
      tool: tool.name,
      category,
      args: JSON.stringify(args, null, 2) ?? '{}',
      ...(subject.workingDir !== undefined ? { workingDir: subject.workingDir } : {}),
      ...(subject.egress ? { egress: { url: subject.egress.url, host: subject.egress.host, ...(unicodeHost ? { unicodeHost } : {}) } } : {}),
      ...(subject.memory ? { memory: { ...subject.memory } } : {}),
      ...(label !== undefined ? { alwaysLabel: label } : {}),
      ...(coverage && !coverage.covered ? { notCovered: viewOf(coverage.reason) } : {}),
      ...(subject.sandbox ? { sandbox: subject.sandbox } : {}),
      expiresAt: this.#options.clock.now() + this.#timeoutMs,
    };
    return new Promise<AskOutcome>((resolvePromise) => {
      let cancelTimer = (): void => {};
      const onAbort = (): void => finish('deny', 'stopped');
      const finish = (decision: ApprovalDecision, ended: ApprovalEnd = 'answered', note?: string): void => {
        if (!this.#waiting.delete(request.id)) return;
        cancelTimer();
        ctx.signal.removeEventListener('abort', onAbort);
        this.#options.emit({ type: 'approval.resolved', id: request.id, sessionKey: request.sessionKey, decision, ...(ended === 'answered' ? {} : { ended }) });
        resolvePromise({ decision, ended, ...(note !== undefined && decision === 'deny' ? { note } : {}) });
      };
      const coveredByRules = (): boolean => this.#matchesRule(tool, subject, ctx.sessionKey);
      this.#waiting.set(request.id, { request, rules, coveredByRules, finish });
      cancelTimer = this.#options.clock.setTimeout(() => finish('deny', 'expired'), this.#timeoutMs);
      ctx.signal.addEventListener('abort', onAbort, { once: true });
      this.#options.emit({ type: 'approval.requested', ...request });
    });
  }

  /**
   * Answers a waiting request. `allow_always` remembers the tool (for exec the command rule, for egress the host) in the
   * database, or only for the session with `scope: 'session'`. A denial may carry the user's `note` for the model.
   */
  resolve(id: string, decision: ApprovalDecision, scope: RuleScope = 'permanent', note?: string): Result<void, ServiceError<'not_found' | 'invalid'>> {
    const waiting = this.#waiting.get(id);
    if (!waiting) return errResult(coreError('not_found', `No approval request ${id} is waiting (it was answered or expired).`));
    if (decision === 'allow_always' && waiting.rules.length === 0) {
      return errResult(coreError('invalid', '"Always allow" is not offered for this request (no rule can cover it): allow it once or deny it.'));
    }
    if (decision === 'allow_always') {
      for (const rule of waiting.rules) {
        if (scope === 'permanent') addApprovalRule(this.#options.db, rule, this.#options.clock.now());
        else this.#addSessionRule(waiting.request.sessionKey, rule);
      }
    }
    waiting.finish(decision, 'answered', note);
    if (decision === 'allow_always') {
      // Other calls waiting for the same thing (parallel sessions, repeated calls) are now covered too.
      for (const other of [...this.#waiting.values()]) if (other.coveredByRules()) other.finish('allow_always');
    }
    return okResult(undefined);
  }

  #addSessionRule(sessionKey: string, rule: RuleSpec): void {
    const list = this.#sessionRules.get(sessionKey) ?? [];
    if (!list.some((r) => r.tool === rule.tool && r.kind === rule.kind && r.pattern === rule.pattern && r.cwd === rule.cwd)) list.push(rule);
    this.#sessionRules.set(sessionKey, list);
  }

  /** Requests still waiting for an answer, optionally of one session. */
  pending(sessionKey?: string): ApprovalRequest[] {
    return [...this.#waiting.values()]
      .map((w) => w.request)
      .filter((r) => sessionKey === undefined || r.sessionKey === sessionKey);
  }

  /** Permanent rules (stored in SQLite), for the settings list. */
  listRules(): ApprovalRule[] {
    return listApprovalRules(this.#options.db);
  }

  /** Adds a permanent rule directly (settings UI, `nanotray` commands). */
  addRule(rule: NewApprovalRule): ApprovalRule {
    return addApprovalRule(this.#options.db, rule, this.#options.clock.now());
  }

  /** A permanent rule letting web_fetch reach `input` (a host or URL, canonicalised) without asking. */
  allowHost(input: string): Result<ApprovalRule, ServiceError<'invalid'>> {
    const host = parseEgressHost(input);
    if (!host.ok) return host;
    return okResult(this.addRule({ tool: WEB_FETCH_TOOL, kind: 'host', pattern: host.value }));
  }

  revokeRule(id: number): Result<void, ServiceError<'not_found'>> {
    return deleteApprovalRule(this.#options.db, id) ? okResult(undefined) : errResult(coreError('not_found', `No approval rule with id ${id}.`));
  }

  /** Session-only "always allow" rules (forgotten on restart). */
  sessionRules(sessionKey: string): readonly RuleSpec[] {
    return this.#sessionRules.get(sessionKey) ?? [];
  }

  /** `--yes`: every write and command tool of this session runs without asking (readonly mode still refuses). */
  setSessionAutoApprove(sessionKey: string, on: boolean): void {
    if (on) this.#autoApproveSessions.add(sessionKey);
    else this.#autoApproveSessions.delete(sessionKey);
  }

  /** Denies everything still waiting (on shutdown). */
  dispose(): void {
    for (const waiting of [...this.#waiting.values()]) waiting.finish('deny', 'stopped');
  }
}
