// Asks the user on the terminal whether a tool call may run: shows tool, working dir, why no rule covers a command
// and the arguments last, marked and fitted to the screen; y / n, a when "always allow" is offered, v to see all.
import type { Interface } from 'node:readline';
import type { ApprovalDecision, CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { CliIo } from './cli-command';
import { describeSandbox } from '../../core/tools/os-sandbox/sandbox-state';
import { terminalSafe } from './terminal-text';
import { fitLine, fitRows, rowsTaken, screenSizeOf, type ScreenSize } from './screen-fit';
import { markHidden, shownArguments } from '../../../src-preload/contract/shown-text';
import { expiringSignal, openQuestions } from './tty-question';
import { unifiedDiff } from '../../core/memory/pending-text';

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
/** Added to the question when the arguments were cut to fit the screen. */
const VIEW_ALL = ' / [v]iew all';
const VIEW_HINT = '(answer v to see all)';

/** The prompt in two parts: what it is about, then the arguments (or the diff), shown last, above the question. */
export interface ApprovalPromptParts {
  header: string[];
  body: string[];
}

/** Each argument: `name: value` on one line, or `name:` and each line of the value below it; marked throughout. */
function argumentLines(argsJson: string): string[] {
  return shownArguments(argsJson).flatMap(({ name, text }) => {
    const lines = text.split('\n');
    if (name === '') return lines.map((l) => `    ${l}`);
    return lines.length === 1 ? [`    ${name}: ${lines[0]}`] : [`    ${name}:`, ...lines.map((l) => `      ${l}`)];
  });
}

/**
 * The lines shown before the question: tool, category, working dir, host and full URL (egress), what "always"
 * remembers, then the full arguments (the command last) or a memory change's diff. Everything from the model is
 * marked (`⟨3000 spaces⟩`, `⟨U+202E⟩`, `⟨ESC⟩`): nothing in it is invisible or run by the terminal.
 */
export function approvalPromptParts(request: ApprovalPromptRequest): ApprovalPromptParts {
  // a sandboxed command's connection (its proxy asks): host:port, no URL
  const connection = request.egress !== undefined && !/^[a-z][a-z0-9+.-]*:\/\//i.test(request.egress.url);
  const header = [
    connection
      ? `⚠ Approval needed: ${markHidden(request.tool)} wants to reach ${markHidden(request.egress!.url)} (network)`
      : `⚠ Approval needed: ${markHidden(request.tool)} (${request.category})`,
  ];
  if (request.workingDir) header.push(`  Working dir: ${markHidden(request.workingDir)}`);
  if (request.egress) {
    header.push(`  Host: ${markHidden(request.egress.host)}`);
    if (request.egress.unicodeHost) {
      header.push(`  (an internationalised name that reads as ${markHidden(request.egress.unicodeHost)}: make sure it is not a lookalike)`);
    }
    if (!connection) header.push(`  Full URL: ${markHidden(request.egress.url)}`);
  }
  if (request.memory) {
    const { path, before, after } = request.memory;
    header.push(`  ${markHidden(path)} is part of the agent's system prompt. The change:`);
    header.push('  (no "always" for memory changes: each one is reviewed)');
    const diff = unifiedDiff(path, before, after).split('\n');
    return { header, body: diff.map((l) => `    ${markHidden(l)}`) };
  }
  if (request.notCovered) header.push(`  Not covered by a rule: ${markHidden(request.notCovered.message)}`);
  if (request.sandbox) header.push(`  Sandbox: ${describeSandbox(request.sandbox)}`);
  header.push(
    request.alwaysLabel === undefined
      ? '  (no "always" for this call: no rule can cover it)'
      : `  [a]lways ${request.egress ? 'allows this host' : 'remembers'}: ${markHidden(request.alwaysLabel)}`,
  );
  header.push('  Arguments:');
  return { header, body: argumentLines(request.args) };
}

/** The whole prompt, nothing cut (what `v` shows). */
export function formatApprovalRequest(request: ApprovalPromptRequest): string {
  const { header, body } = approvalPromptParts(request);
  return `${[...header, ...body].join('\n')}\n`;
}

/** Rows kept for the blank line before the prompt and the question itself. */
const QUESTION_ROWS = 2;
/** The arguments get at least this many rows, even on a tiny screen (the header scrolls away first). */
const MIN_BODY_ROWS = 6;

/**
 * The prompt fitted to the screen: each header line at most 3 rows, the arguments in the rows left, cut in the
 * middle with the count of what is left out when they do not fit. So the last screen before the question shows the
 * start and the end of what runs, and no run of filler can push either off. `cut` says whether anything was left out.
 */
export function fitApprovalRequest(request: ApprovalPromptRequest, size: ScreenSize): { text: string; cut: boolean } {
  const { header, body } = approvalPromptParts(request);
  const shownHeader = header.map((l) => fitLine(l, size.columns));
  const budget = Math.max(MIN_BODY_ROWS, size.rows - QUESTION_ROWS - rowsTaken(shownHeader.join('\n').split('\n'), size.columns));
  const shownBody = fitRows(body, budget, size.columns, '    ', VIEW_HINT);
  const cut = shownBody.cut || shownHeader.some((l, i) => l !== header[i]);
  return { text: `${[...shownHeader, ...shownBody.rows].join('\n')}\n`, cut };
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
  // The arguments come from the model: marked (terminalSafe again on top), so nothing in them hides or rewrites
  // what runs, and fitted to the screen, so the question always sits right under the start and end of the command.
  const size = screenSizeOf(io.stderr);
  const fitted = fitApprovalRequest(request, size);
  io.stderr.write(`\n${terminalSafe(fitted.text)}`);
  const alwaysOffered = request.alwaysLabel !== undefined;
  const base = alwaysOffered ? APPROVAL_QUESTION : APPROVAL_QUESTION_ONCE;
  const question = fitted.cut ? `${base.slice(0, -2)}${VIEW_ALL}: ` : base;
  const questions = openQuestions(io, options.rl);
  const wait = expiringSignal(request.expiresAt, options.now ?? Date.now, options.signal);
  try {
    for (let attempt = 0; attempt < MAX_INVALID_ANSWERS; ) {
      const answer = await questions.ask(question, wait.signal);
      if (answer === null) {
        io.stderr.write(wait.expired.aborted ? '\n(no answer in time: denied)\n' : '\n(denied)\n');
        return 'deny';
      }
      if (fitted.cut && ['v', 'view'].includes(answer.trim().toLowerCase())) {
        // All of it, then the fitted prompt again: the question never follows a screen of the middle alone.
        io.stderr.write(`\n${terminalSafe(formatApprovalRequest(request))}\n${terminalSafe(fitted.text)}`);
        continue;
      }
      attempt++;
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
