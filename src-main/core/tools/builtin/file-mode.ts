// Keeps a file's permission bits across an atomic rewrite (the temp file would otherwise get the default mode).
import { statSync } from 'node:fs';

/** The permission bits of an existing file, or undefined when it does not exist. */
export function existingMode(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o7777;
  } catch {
    return undefined;
  }
}
