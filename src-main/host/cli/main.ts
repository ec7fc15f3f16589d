// Entry of the `nanotray` CLI: dispatches argv to a command and turns any failure into a one-line reason.
import { COMMANDS } from './commands';
import { write, type CliIo } from './cli-command';
import { installExitGuards } from './exit-guards';
import { installPipeGuards } from './pipe-guards';

async function help(io: CliIo): Promise<void> {
  const commands = await Promise.all(COMMANDS.map((c) => c.load()));
  const width = Math.max(...commands.map((c) => c.name.length), 8);
  const lines = [
    'nanotray — a personal AI agent that lives in your tray',
    '',
    'Usage: nanotray <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `nanotray <command> --help` for details. Data lives in $NANOTRAY_HOME (default ~/.nanotray).',
  ];
  write(io.stdout, lines.join('\n'));
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    await help(io);
    return name ? 0 : 1;
  }
  if (name === '--version' || name === '-v') {
    write(io.stdout, process.env.npm_package_version ?? '0.1.0');
    return 0;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) {
    write(io.stderr, `nanotray: unknown command '${name}'. Run 'nanotray --help' for the list.`);
    return 2;
  }
  try {
    const command = await entry.load();
    if (rest.includes('--help') || rest.includes('-h')) {
      write(io.stdout, command.usage);
      return 0;
    }
    return await command.run(rest, io);
  } catch (err) {
    write(io.stderr, `nanotray ${name}: ${err instanceof Error ? err.message : String(err)}`);
    if (process.env.NANOTRAY_DEBUG) console.error(err);
    return 1;
  }
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    isTty: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  };
}

/** Runs the CLI for this process and sets its exit code. */
export async function main(): Promise<void> {
  installExitGuards();
  installPipeGuards();
  const code = await runCli(process.argv.slice(2), processIo());
  process.exitCode = code;
}
