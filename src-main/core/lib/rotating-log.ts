// A log file that keeps its size: lines are appended to `<file>`, and past `maxBytes` it becomes `<file>.1` (the
// older ones moving up, the oldest dropped), so an app that runs for months keeps a few MB of its recent history.
import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export interface RotatingLogOptions {
  maxBytes?: number;
  /** Older files kept beside the current one. */
  keep?: number;
}

/** A sink for addLogSink: appends each line (never throws: a full disk or a gone folder drops the line). */
export function rotatingLogSink(file: string, options: RotatingLogOptions = {}): (line: string) => void {
  const maxBytes = options.maxBytes ?? 1_000_000;
  const keep = options.keep ?? 3;
  let size = -1;
  return (line) => {
    try {
      if (size < 0) {
        mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
        try {
          size = statSync(file).size;
        } catch {
          size = 0;
        }
      }
      if (size > 0 && size + line.length + 1 > maxBytes) {
        rmSync(`${file}.${keep}`, { force: true });
        for (let i = keep - 1; i >= 1; i--) {
          try {
            renameSync(`${file}.${i}`, `${file}.${i + 1}`);
          } catch {
            // no such older file yet
          }
        }
        renameSync(file, `${file}.1`);
        size = 0;
      }
      appendFileSync(file, `${line}\n`, { mode: 0o600 });
      size += Buffer.byteLength(line) + 1;
    } catch {
      size = -1; // looked at again with the next line
    }
  };
}
