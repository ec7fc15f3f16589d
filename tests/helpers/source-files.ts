// The TypeScript files under a folder, recursively: what the boundary checkers read.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every .ts, .tsx and .mts file under `dir` (absolute paths). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(name) ? [full] : [];
  });
}
