// Owner-only permissions for the files that hold secrets: create them so, and tighten existing ones.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

/** Takes away every permission bit outside `allowed` (e.g. 0o600) from an existing path; quiet when it cannot. */
export function tightenMode(path: string, allowed: number): void {
  try {
    const mode = statSync(path).mode & 0o7777;
    if (mode & ~allowed) chmodSync(path, mode & allowed);
  } catch {
    // missing, or not ours to change: nothing to do
  }
}

/** A folder only its owner may enter: created 0700, or tightened to it. */
export function privateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  tightenMode(path, 0o700);
}

/** An empty file created 0600 when missing (so whatever opens it later keeps that mode), else tightened. */
export function privateFile(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  tightenMode(path, 0o600);
}
