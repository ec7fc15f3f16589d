// A small leveled logger that scrubs registered secrets (in every encoded form) from each line it writes.
import { knownSecrets, registerSecret, scrubSecrets } from './known-secrets';

export { knownSecrets, registerSecret };

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, ...rest: unknown[]): void;
  info(msg: string, ...rest: unknown[]): void;
  warn(msg: string, ...rest: unknown[]): void;
  error(msg: string, ...rest: unknown[]): void;
}

function format(rest: unknown[]): string {
  return rest
    .map((r) => (r instanceof Error ? r.stack ?? r.message : typeof r === 'string' ? r : JSON.stringify(r)))
    .join(' ');
}

/** Where every logger's lines also go (the desktop app's log file); each line is scrubbed before it gets here. */
const extraSinks = new Set<(line: string) => void>();

/** Adds a sink every logger writes to as well; returns its disposer. */
export function addLogSink(sink: (line: string) => void): () => void {
  extraSinks.add(sink);
  return () => void extraSinks.delete(sink);
}

export function createLogger(scope: string, sink: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Logger {
  const min = ORDER[(process.env.NANOTRAY_LOG_LEVEL as LogLevel) ?? 'warn'] ?? ORDER.warn;
  const write = (level: LogLevel, msg: string, rest: unknown[]): void => {
    if (ORDER[level] < min) return;
    const line = `[${new Date().toISOString()}] ${level.toUpperCase()} ${scope}: ${msg}${rest.length ? ` ${format(rest)}` : ''}`;
    const scrubbed = scrubSecrets(line);
    sink(scrubbed);
    for (const extra of extraSinks) extra(scrubbed);
  };
  return {
    debug: (m, ...r) => write('debug', m, r),
    info: (m, ...r) => write('info', m, r),
    warn: (m, ...r) => write('warn', m, r),
    error: (m, ...r) => write('error', m, r),
  };
}
