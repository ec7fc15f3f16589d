// The shape of one `nanotray <command>`: a name, help text and a run function that returns an exit code.
import { terminalSafe } from './terminal-text';

export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  /** True when stdin and stdout are a terminal (someone can answer prompts). */
  isTty: boolean;
}

export interface CliCommand {
  name: string;
  /** One line for `nanotray --help`. */
  summary: string;
  /** Usage lines for `nanotray <name> --help`. */
  usage: string;
  run(args: string[], io: CliIo): Promise<number>;
}

export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | true>;
}

/** Minimal flag parser: `--name value`, `--name=value`, `-m value`, boolean `--yes`. */
export function parseArgs(args: string[], booleanFlags: readonly string[] = []): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    const m = /^--?([A-Za-z][\w-]*)(?:=(.*))?$/.exec(arg);
    if (!m) {
      positionals.push(arg);
      continue;
    }
    const name = m[1]!;
    if (m[2] !== undefined) flags.set(name, m[2]);
    else if (booleanFlags.includes(name)) flags.set(name, true);
    else if (i + 1 < args.length) flags.set(name, args[++i]!);
    else flags.set(name, true);
  }
  return { positionals, flags };
}

export function flagString(parsed: ParsedArgs, ...names: string[]): string | undefined {
  for (const n of names) {
    const v = parsed.flags.get(n);
    if (typeof v === 'string') return v;
  }
  return undefined;
}

/**
 * Writes one message line (a newline is added when missing). Everything the CLI prints goes through here or
 * through terminalSafe: text from the model, tools or files is shown escaped, never run by the terminal.
 */
export function write(stream: NodeJS.WritableStream, text: string): void {
  const safe = terminalSafe(text);
  stream.write(safe.endsWith('\n') ? safe : `${safe}\n`);
}
