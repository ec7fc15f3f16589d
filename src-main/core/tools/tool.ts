// A capability the agent can call. Tools return values; they never throw into the agent loop.
import type { z } from 'zod';
import type { ApprovalCategory, CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { Config } from '../config/config-schema';
import { assertNever } from '../lib/assert-never';
import type { CoreError, ServiceError } from '../lib/core-error';

export interface ImageAttachment {
  mimeType: string;
  /** Base64 without the data: prefix. */
  data: string;
}

/**
 * Why a tool call did not give a result, for programs (the model reads the message):
 * - `invalid_args`: the arguments are wrong (bad JSON, schema, an offset past the end, an edit that does not apply);
 * - `not_found`: the tool, file, folder, job or key does not exist;
 * - `denied`: the user answered no, or did not answer in time;
 * - `needs_approval`: it needs the user's yes, and nobody can give one in this run (heartbeat, cron, subagent, CLI);
 * - `refused`: a rule refused it without asking (approval read-only mode, the workspace fence, a protected file, a
 *   secret in the arguments, an exec pattern, a blocked address, a `my` key that is blocked or read-only);
 * - `disabled`: switched off in config; `unavailable`: something it needs is not there now (an MCP server, a shell);
 * - `unsupported`: the target is nothing this tool handles (a binary or huge file, a non-text page);
 * - `timeout`, `cancelled` (the turn was stopped), `failed` (it ran and failed).
 */
export type ToolErrorCode =
  | 'invalid_args'
  | 'not_found'
  | 'denied'
  | 'needs_approval'
  | 'refused'
  | 'disabled'
  | 'unavailable'
  | 'unsupported'
  | 'timeout'
  | 'cancelled'
  | 'failed';

/** A tool failure; `message` is full model-facing text starting with "Error". */
export type ToolError = CoreError<ToolErrorCode>;

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

/** A tool error; `message` should already read like `Error: …` (the prefix is added when missing) and say what to try. */
export function toolError(code: ToolErrorCode, message: string): ToolError {
  return { code, message: message.startsWith('Error') ? message : `Error: ${message}` };
}

/** A failed result; see `toolError`. */
export function fail(code: ToolErrorCode, message: string): ToolResult {
  return { ok: false, error: toolError(code, message) };
}

/** A failed result carrying an error made elsewhere (a guard's refusal, a service's error). */
export function failWith(error: ToolError): ToolResult {
  return fail(error.code, error.message);
}

/** A service's failure as the tool reports it to the model (same message, the matching tool code). */
export function toolErrorOfService(error: ServiceError): ToolError {
  switch (error.code) {
    case 'invalid':
      return toolError('invalid_args', error.message);
    case 'not_found':
      return toolError('not_found', error.message);
    case 'refused':
      return toolError('refused', error.message);
    case 'unavailable':
      return toolError('unavailable', error.message);
    case 'conflict':
    case 'failed':
      return toolError('failed', error.message);
    default:
      return assertNever(error.code);
  }
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
   * File-writing tools call this before they change a file. For workspace markdown files it stores the
   * previous content in memory_versions (author 'agent'), so the user can diff and revert.
   */
  recordFileVersion?(absPath: string): void;
}

export interface ApprovalSubject {
  /** For exec: the working directory shown in the prompt. */
  workingDir?: string;
  /** For exec: the command, whose prefix an "always allow" may remember. */
  command?: string;
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
  run(args: z.output<S>, ctx: ToolContext): Promise<ToolResult>;
}

/** Identity helper so `run` gets its argument type from `params`. */
export function defineTool<S extends z.ZodType>(tool: Tool<S>): Tool<S> {
  return tool;
}
