// Asking the user one line at a time on the terminal, for approvals and MCP requests for input: through the REPL's
// readline when there is one (so the answer never becomes the next chat message), else a private one on stdin
// (lines that arrive early, piped input, are queued, not lost).
import { createInterface, type Interface } from 'node:readline';
import type { CliIo } from './cli-command';

/** Asks `question` and resolves with the line, or null on end of input or abort. */
export type AskLine = (question: string, signal: AbortSignal) => Promise<string | null>;

/** Through an existing readline (the REPL's): `question()` takes the line, so no 'line' event fires for it. */
function askThrough(rl: Interface): AskLine {
  return (question, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve(null);
      const onClose = (): void => resolve(null);
      rl.once('close', onClose);
      rl.question(question, { signal }, (answer) => {
        rl.off('close', onClose);
        resolve(answer);
      });
      signal.addEventListener(
        'abort',
        () => {
          rl.off('close', onClose);
          resolve(null);
        },
        { once: true },
      );
    });
}

/** Through a private readline on stdin. */
function askOwn(rl: Interface, io: CliIo): AskLine {
  const queued: string[] = [];
  let closed = false;
  let waiter: ((line: string | null) => void) | undefined;
  rl.on('line', (line) => (waiter ? (waiter(line), (waiter = undefined)) : queued.push(line)));
  rl.on('close', () => {
    closed = true;
    waiter?.(null);
    waiter = undefined;
  });
  return (question, signal) => {
    io.stderr.write(question);
    if (queued.length) return Promise.resolve(queued.shift()!);
    if (closed || signal.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      waiter = resolve;
      signal.addEventListener('abort', () => resolve(null), { once: true });
    });
  };
}

/** The asker for one prompt (approval, form) and its disposer. */
export function openQuestions(io: CliIo, rl?: Interface): { ask: AskLine; close(): void } {
  if (rl) return { ask: askThrough(rl), close: () => {} };
  const own = createInterface({ input: io.stdin, terminal: false });
  return { ask: askOwn(own, io), close: () => own.close() };
}

/** An abort signal for `expiresAt` (epoch ms) combined with `signal`; `clear` stops its timer. */
export function expiringSignal(expiresAt: number, now: () => number, signal?: AbortSignal): { signal: AbortSignal; expired: AbortSignal; clear(): void } {
  const expiry = new AbortController();
  const timer = setTimeout(() => expiry.abort(), Math.max(0, expiresAt - now()));
  timer.unref?.();
  return {
    signal: signal ? AbortSignal.any([signal, expiry.signal]) : expiry.signal,
    expired: expiry.signal,
    clear: () => clearTimeout(timer),
  };
}
