// Prints one session's turn events for a terminal: answer tokens to stdout; tool activity, retries (with a countdown
// on a terminal), provider notices and the model's reasoning (only with --show-reasoning) to stderr.
import type { CoreEvent } from '../../../../src-preload/contract/event-schemas';
import type { CliIo } from '../cli-command';
import { terminalSafe } from '../terminal-text';

const MAX_ARGS_SHOWN = 160;
const MAX_RESULT_SHOWN = 200;

/** One line of at most `max` characters, control characters escaped (they come from the model or a tool). */
function oneLine(text: string, max: number): string {
  const flat = terminalSafe(text.replace(/[\t\n\r ]+/g, ' ').trim());
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The line a terminal shows when the agent's memory changed during a turn: written without review (auto mode,
 * --yes, a yes on the prompt) or kept as a pending change. Undefined for other events.
 */
export function memoryNotice(event: CoreEvent): string | undefined {
  if (event.type === 'memory.updated') {
    return `✎ memory updated: ${event.path} (${event.source}); the previous text is in its history (memory view) to revert.`;
  }
  if (event.type === 'memory.pending' && event.change === 'added') {
    return `✎ memory change #${event.id} for ${event.path} waits for your review: nanotray memory pending`;
  }
  return undefined;
}

export interface TurnPrinterOptions {
  /** Print the model's reasoning (dimmed, on stderr); otherwise one line says the model is thinking. */
  showReasoning?: boolean;
}

const DIM = '\x1b[2m';
const RESET = '\x1b[0m';

/**
 * `  … mcp_x_build 40% — compiling` : the percentage in steps of 10 (or the count without a total) and the server's
 * message, so a chatty server prints a line only when something visible changed.
 */
export function progressLine(name: string, event: Extract<CoreEvent, { type: 'tool.progress' }>): string {
  const amount =
    event.total !== undefined && event.total > 0 ? `${Math.min(100, Math.floor((event.progress / event.total) * 10) * 10)}%` : `${event.progress}`;
  return `  … ${terminalSafe(name)} ${amount}${event.message ? ` — ${oneLine(event.message, MAX_RESULT_SHOWN)}` : ''}`;
}

/** Subscribes-ready handler: writes what the user should see while a turn runs in `sessionKey`. */
export class TurnPrinter {
  /** Whether stdout's last written character was a newline (or nothing was written). */
  #atLineStart = true;
  /** Reasoning is being written to stderr (a line is open there). */
  #inReasoning = false;
  #saidThinking = false;
  #countdown: ReturnType<typeof setInterval> | undefined;
  /** The last progress line shown per running call (a line is printed only when it says something new). */
  #progressShown = new Map<string, string>();
  #toolNames = new Map<string, string>();

  constructor(
    private readonly io: CliIo,
    private readonly sessionKey: string,
    private readonly options: TurnPrinterOptions = {},
  ) {}

  handle(event: CoreEvent): void {
    if (!('sessionKey' in event) || event.sessionKey !== this.sessionKey) return;
    if (event.type !== 'reasoning') this.#endReasoning();
    if (event.type !== 'provider.retry') this.#stopCountdown();
    switch (event.type) {
      case 'token':
        this.io.stdout.write(terminalSafe(event.text));
        if (event.text) this.#atLineStart = event.text.endsWith('\n');
        break;
      case 'reasoning':
        this.#reasoning(event.text);
        break;
      case 'turn.waiting':
        this.#endLine();
        this.io.stderr.write(`… waiting for the turn running in this chat${event.holderPid ? ` (pid ${event.holderPid})` : ''}…\n`);
        break;
      case 'turn.summarising':
        if (event.phase === 'finished') break;
        this.#endLine();
        this.io.stderr.write(`… Summarising ${event.messages} older messages into memory first\n`);
        break;
      case 'provider.notice':
        this.#endLine();
        this.io.stderr.write(`ℹ ${terminalSafe(event.message)}\n`);
        break;
      case 'provider.failover':
        this.#endLine();
        this.io.stderr.write(`↪ ${terminalSafe(event.from)} failed: ${terminalSafe(event.reason)} Answering with ${terminalSafe(event.to)}.\n`);
        break;
      case 'tool.started':
        this.#endLine();
        this.#toolNames.set(event.callId, event.name);
        this.io.stderr.write(`→ ${terminalSafe(event.name)} ${oneLine(event.args, MAX_ARGS_SHOWN)}\n`);
        break;
      case 'tool.progress': {
        const line = progressLine(this.#toolNames.get(event.callId) ?? 'tool', event);
        if (this.#progressShown.get(event.callId) === line) break;
        this.#progressShown.set(event.callId, line);
        this.#endLine();
        this.io.stderr.write(`${line}\n`);
        break;
      }
      case 'tool.finished':
        this.#progressShown.delete(event.callId);
        this.#toolNames.delete(event.callId);
        this.io.stderr.write(
          event.ok
            ? `✓ ${terminalSafe(event.name)} (${Math.round(event.durationMs)} ms)\n`
            : `✗ ${terminalSafe(event.name)}: ${oneLine(event.result, MAX_RESULT_SHOWN)}\n`,
        );
        break;
      case 'provider.retry':
        this.#endLine();
        this.#retry(event.message, event.attempt, event.retryAt);
        break;
      default:
        break;
    }
  }

  /** Ends the streamed answer with a newline when it did not end with one (and stops a countdown). */
  finishAnswer(): void {
    this.#endReasoning();
    this.#stopCountdown();
    this.#endLine();
  }

  #reasoning(text: string): void {
    if (!this.options.showReasoning) {
      if (!this.#saidThinking) this.io.stderr.write('… thinking (nanotray agent --show-reasoning shows it)\n');
      this.#saidThinking = true;
      return;
    }
    this.#endLine();
    const safe = terminalSafe(text);
    if (!this.#inReasoning) this.io.stderr.write(this.io.isTty ? `${DIM}Thinking: ` : 'Thinking: ');
    this.io.stderr.write(safe);
    this.#inReasoning = true;
  }

  #endReasoning(): void {
    if (!this.#inReasoning) return;
    this.io.stderr.write(this.io.isTty ? `${RESET}\n` : '\n');
    this.#inReasoning = false;
  }

  /**
   * "Retrying in N s": on a terminal the reason gets its own line and a short line below it counts down each
   * second (a long line would wrap, and rewriting it would leave its first rows behind); elsewhere one line.
   */
  #retry(message: string, attempt: number, retryAt: number): void {
    this.#stopCountdown();
    const left = (): string => `Retrying in ${Math.max(0, Math.ceil((retryAt - Date.now()) / 1000))} s (attempt ${attempt}).`;
    if (!this.io.isTty) {
      this.io.stderr.write(`… ${terminalSafe(message)} ${left()}\n`);
      return;
    }
    this.io.stderr.write(`… ${terminalSafe(message)}\n  ${left()}`);
    this.#countdown = setInterval(() => this.io.stderr.write(`\r\x1b[K  ${left()}`), 1000);
    this.#countdown.unref?.();
  }

  #stopCountdown(): void {
    if (this.#countdown === undefined) return;
    clearInterval(this.#countdown);
    this.#countdown = undefined;
    this.io.stderr.write('\n');
  }

  #endLine(): void {
    if (!this.#atLineStart) {
      this.io.stdout.write('\n');
      this.#atLineStart = true;
    }
  }
}
