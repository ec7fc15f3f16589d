// Reading one line the user types on a terminal, shown or not (a token for an imported MCP server is not): the
// terminal is put in raw mode for that line only, and what is typed is echoed here or not at all.
import type { CliIo } from './cli-command';

type RawStdin = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(on: boolean): unknown };

/** True when `io.stdin` is a terminal this module can read from. */
export function canReadTyped(io: CliIo): boolean {
  const stdin = io.stdin as RawStdin;
  return Boolean(stdin.isTTY) && typeof stdin.setRawMode === 'function';
}

/** Asks `question` on stderr and resolves with the line (echoed only when `echo`), or null on Ctrl+C / Ctrl+D. */
export function readTyped(io: CliIo, question: string, echo: boolean): Promise<string | null> {
  const stdin = io.stdin as RawStdin;
  io.stderr.write(question);
  return new Promise((resolve) => {
    let typed = '';
    const finish = (value: string | null): void => {
      stdin.off('data', onData);
      stdin.setRawMode!(false);
      stdin.pause();
      io.stderr.write('\n');
      resolve(value);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const ch of chunk.toString()) {
        if (ch === '\r' || ch === '\n') return finish(typed);
        if (ch === '\u0003' || ch === '\u0004') return finish(null);
        if (ch === '\u007f' || ch === '\b') {
          if (typed && echo) io.stderr.write('\b \b');
          typed = [...typed].slice(0, -1).join('');
        } else if (ch >= ' ') {
          typed += ch;
          if (echo) io.stderr.write(ch);
        }
      }
    };
    stdin.setRawMode!(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}
