// Prints one session's turn events for a terminal: answer tokens to stdout, tool activity to stderr.
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

/** Subscribes-ready handler: writes what the user should see while a turn runs in `sessionKey`. */
export class TurnPrinter {
  /** Whether stdout's last written character was a newline (or nothing was written). */
  #atLineStart = true;

  constructor(
    private readonly io: CliIo,
    private readonly sessionKey: string,
  ) {}

  handle(event: CoreEvent): void {
    if (!('sessionKey' in event) || event.sessionKey !== this.sessionKey) return;
    switch (event.type) {
      case 'token':
        this.io.stdout.write(terminalSafe(event.text));
        if (event.text) this.#atLineStart = event.text.endsWith('\n');
        break;
      case 'tool.started':
        this.#endLine();
        this.io.stderr.write(`→ ${terminalSafe(event.name)} ${oneLine(event.args, MAX_ARGS_SHOWN)}\n`);
        break;
      case 'tool.finished':
        this.io.stderr.write(
          event.ok
            ? `✓ ${terminalSafe(event.name)} (${Math.round(event.durationMs)} ms)\n`
            : `✗ ${terminalSafe(event.name)}: ${oneLine(event.result, MAX_RESULT_SHOWN)}\n`,
        );
        break;
      case 'provider.retry':
        this.#endLine();
        this.io.stderr.write(`… ${terminalSafe(event.message)} Retrying in ${Math.round(event.waitMs / 1000)} s (attempt ${event.attempt}).\n`);
        break;
      default:
        break;
    }
  }

  /** Ends the streamed answer with a newline when it did not end with one. */
  finishAnswer(): void {
    this.#endLine();
  }

  #endLine(): void {
    if (!this.#atLineStart) {
      this.io.stdout.write('\n');
      this.#atLineStart = true;
    }
  }
}
