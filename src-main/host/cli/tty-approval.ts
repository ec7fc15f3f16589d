// Asks the user on the terminal whether a tool call may run: shows tool, full arguments, working dir and why no
// rule covers a command; y / n, plus a when "always allow" is offered.
import type { Interface } from 'node:readline';
import type { ApprovalDecision, CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { CliIo } from './cli-command';
import { describeSandbox } from '../../core/tools/os-sandbox/sandbox-state';
import { terminalSafe } from './terminal-text';
import { expiringSignal, openQuestions } from './tty-question';
import { unifiedDiff } from '../../core/workspace/pending-text';

export type ApprovalPromptRequest = Omit<Extract<CoreEvent, { type: 'approval.requested' }>, 'type'> & { type?: string };

export interface TtyApprovalOptions {
  /** The REPL's readline interface: the answer is read through it so it never becomes the next chat message. */
  rl?: Interface;
  /** Stops asking (→ deny), e.g. when the request was answered elsewhere. */
  signal?: AbortSignal;
  /** Wall clock, for the request's expiry (default Date.now). */
  now?: () => number;
}

const MAX_INVALID_ANSWERS = 3;
export const APPROVAL_QUESTION = 'Allow? [y]es / [n]o / [a]lways: ';
/** The question when "always allow" is not offered (no rule can cover the call). */
export const APPROVAL_QUESTION_ONCE = 'Allow? [y]es / [n]o: ';

/**
 * The lines shown before the question: tool, category, working dir, host and full URL (egress), full
 * arguments, what "always" remembers.
 */
export function formatApprovalRequest(request: ApprovalPromptRequest): string {
  const lines = [`⚠ Approval needed: ${request.tool} (${request.category})`];
  if (request.workingDir) lines.push(`  Working dir: ${request.workingDir}`);
  if (request.egress) {
    lines.push(`  Host: ${request.egress.host}`);
    if (request.egress.unicodeHost) {
      lines.push(`  (an internationalised name that reads as ${request.egress.unicodeHost}: make sure it is not a lookalike)`);
    }
    lines.push(`  Full URL: ${request.egress.url}`);
  }
  if (request.memory) {
    lines.push(`  ${request.memory.path} is part of the agent's system prompt. The change:`);
    lines.push(...unifiedDiff(request.memory.path, request.memory.before, request.memory.after).split('\n').map((l) => `    ${l}`));
    lines.push('  (no "always" for memory changes: each one is reviewed)');
    return `${lines.join('\n')}\n`;
  }
  if (request.notCovered) lines.push(`  Not covered by a rule: ${request.notCovered.message}`);
  if (request.sandbox) lines.push(`  Sandbox: ${describeSandbox(request.sandbox)}`);
  lines.push('  Arguments:', ...request.args.split('\n').map((l) => `    ${l}`));
  lines.push(
    request.alwaysLabel === undefined
      ? '  (no "always" for this call: no rule can cover it)'
      : `  [a]lways ${request.egress ? 'allows this host' : 'remembers'}: ${request.alwaysLabel}`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * y/yes → allow_once, a/always → allow_always (only when offered), n/no/empty → deny; anything else → undefined
 * (ask again).
 */
export function parseApprovalAnswer(answer: string, alwaysOffered = true): ApprovalDecision | undefined {
  const a = answer.trim().toLowerCase();
  if (a === 'y' || a === 'yes') return 'allow_once';
  if (alwaysOffered && (a === 'a' || a === 'always')) return 'allow_always';
  if (a === '' || a === 'n' || a === 'no') return 'deny';
  return undefined;
}

/**
 * Prints the request and asks `Allow? [y]es / [n]o / [a]lways` (without `[a]lways` when not offered) until it
 * gets a valid answer. End of input,
 * three invalid answers, an abort or the request's expiry all count as deny.
 */
export async function askOnTty(request: ApprovalPromptRequest, io: CliIo, options: TtyApprovalOptions = {}): Promise<ApprovalDecision> {
  // The arguments come from the model: shown escaped, so no escape sequence can hide or rewrite them.
  io.stderr.write(`\n${terminalSafe(formatApprovalRequest(request))}`);
  const alwaysOffered = request.alwaysLabel !== undefined;
  const question = alwaysOffered ? APPROVAL_QUESTION : APPROVAL_QUESTION_ONCE;
  const questions = openQuestions(io, options.rl);
  const wait = expiringSignal(request.expiresAt, options.now ?? Date.now, options.signal);
  try {
    for (let attempt = 0; attempt < MAX_INVALID_ANSWERS; attempt++) {
      const answer = await questions.ask(question, wait.signal);
      if (answer === null) {
        io.stderr.write(wait.expired.aborted ? '\n(no answer in time: denied)\n' : '\n(denied)\n');
        return 'deny';
      }
      const decision = parseApprovalAnswer(answer, alwaysOffered);
      if (decision) return decision;
      io.stderr.write(alwaysOffered ? 'Please answer y (allow once), n (deny) or a (always allow).\n' : 'Please answer y (allow once) or n (deny).\n');
    }
    io.stderr.write('(denied)\n');
    return 'deny';
  } finally {
    wait.clear();
    questions.close();
  }
}
