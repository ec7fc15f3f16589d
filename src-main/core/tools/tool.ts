// A capability the agent can call. Tools return values; they never throw into the agent loop.
import type { z } from 'zod';
import type { ApprovalCategory, CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { Config } from '../../../src-preload/contract/config-schema';
import { toolError, type ToolError } from '../lib/tool-error';
import type { EgressSource, EgressVerdict } from './egress/egress-record';
import type { SandboxState } from './os-sandbox/sandbox-state';
import type { CommandAnalysis } from './shell-grammar/command-analysis';

export interface ImageAttachment {
  mimeType: string;
  /** Base64 without the data: prefix. */
  data: string;
}

/**
 * `ok: true` → `output` goes to the model as the tool message.
 * `ok: false` → `error.message` goes to the model; `error.code` says what kind of failure it was.
 * `images` asks the loop to attach pictures to the next user message (vision models only).
 */
export type ToolResult =
  | { ok: true; output: string; images?: ImageAttachment[] }
  | { ok: false; error: ToolError };

export function ok(output: string, images?: ImageAttachment[]): ToolResult {
  return images?.length ? { ok: true, output, images } : { ok: true, output };
}

/** A failed result; see `toolError`. */
export function fail(code: ToolError['code'], message: string): ToolResult {
  return { ok: false, error: toolError(code, message) };
}

/** A failed result carrying an error made elsewhere (a guard's refusal, a service's error). */
export function failWith(error: ToolError): ToolResult {
  return fail(error.code, error.message);
}

export function resultText(result: ToolResult): string {
  return result.ok ? result.output : result.error.message;
}

/** Who and where a tool call comes from, and what it may use. Built fresh for every call. */
export interface ToolContext {
  sessionKey: string;
  channel: string;
  chatId: string;
  turnId: string;
  callId: string;
  /** Real path of the workspace (the sandbox root). */
  workspace: string;
  /** Folder of the built-in skills (read_file may read it even when restricted). */
  builtinSkillsDir: string;
  config: Config;
  signal: AbortSignal;
  iteration: number;
  /** False for heartbeat, cron, subagents and non-interactive CLI runs: nobody can answer an approval. */
  interactive: boolean;
  /** The model of this turn accepts image parts. */
  vision: boolean;
  /** True while this turn is itself a cron job run (the cron tool refuses to schedule then). */
  inCronRun: boolean;
  emit(event: CoreEvent): void;
  now(): number;
  /**
   * File-writing tools call this before they change a file, with the text it will have. For workspace markdown
   * files it stores the previous content in memory_versions (author 'agent'), so the user can diff and revert,
   * and remembers `content` as the agent's (the history says so also in a process that never sees the change).
   */
  recordFileVersion?(absPath: string, content?: string): void;
  /** For a call to a host: why the approval gate let it through (set by the registry; the egress ledger records it). */
  egressVerdict?: EgressVerdict;
}

export interface ApprovalSubject {
  /** For exec: the working directory shown in the prompt. */
  workingDir?: string;
  /** For exec: the command, whose prefix an "always allow" may remember. */
  command?: string;
  /** For exec: the command analysed where it runs (parsed once per call by the tool; the gate parses it otherwise). */
  analysis?: Promise<CommandAnalysis>;
  /** For network tools: where the request goes (`host` is what an "always allow" remembers). */
  egress?: { url: string; host: string };
  /** For a change to a file that forms the system prompt: the file written (workspace-relative) before and after. */
  memory?: MemoryChange;
  /** Found while describing the call: it cannot run, and this error says why (nobody is asked). */
  refusal?: ToolError;
}

/** A proposed change to one workspace file (the text it has now, `''` when new, and the text it would get). */
export interface MemoryChange {
  path: string;
  before: string;
  after: string;
}

export interface Tool<S extends z.ZodType = z.ZodType> {
  /** snake_case and stable: the model sees and calls this name. */
  readonly name: string;
  /** Written for the model. May depend on config (e.g. READ-ONLY MODE notes). */
  readonly description: string;
  readonly params: S;
  /** Missing means 'command' (the strictest). */
  readonly category?: ApprovalCategory;
  /** A category that depends on the call (e.g. `cron` list is read, add/remove write); wins over `category`. */
  categoryFor?(args: z.output<S>, ctx: ToolContext): ApprovalCategory;
  /** Extra details an approval prompt shows, derived from the parsed arguments. */
  approvalSubject?(args: z.output<S>, ctx: ToolContext): ApprovalSubject;
  /**
   * Checks that refuse a call before anyone is asked to approve it (a blocked command, an unfetchable URL, a write
   * outside the fence): the refusal, or undefined to go on. The gate calls it before the approval.
   */
  preflight?(args: z.output<S>, ctx: ToolContext): Promise<ToolError | undefined> | ToolError | undefined;
  /**
   * For a tool that runs commands: whether they would run inside the OS sandbox (shown on the approval card). Rules
   * cover a command only when it does; without an answer (no method, or undefined) every command is asked.
   */
  sandbox?(ctx: ToolContext): Promise<SandboxState | undefined>;
  /**
   * The workspace file a call works on, named by its `path` argument: `read` and `write` tools share the session's
   * record of what the agent wrote (see file-provenance.ts).
   */
  readonly files?: 'read' | 'write';
  /**
   * Its output can carry text from outside (a web page, a file the agent did not write), so it reaches the model
   * behind the untrusted banner: a `read` file tool's output gets it from the wiring (unless the agent wrote the
   * file); any other such tool writes the banner itself, naming its source.
   */
  readonly untrustedOutput?: boolean;
  /** Subagents may use it (files, exec, web: never message, spawn, cron or MCP tools). Missing means no. */
  readonly forSubagents?: boolean;
  /** For a tool that reaches hosts: how the egress ledger names it when the gate refuses a call. */
  readonly egressSource?: EgressSource;
  run(args: z.output<S>, ctx: ToolContext): Promise<ToolResult>;
}

/** Identity helper so `run` gets its argument type from `params`. */
export function defineTool<S extends z.ZodType>(tool: Tool<S>): Tool<S> {
  return tool;
}
