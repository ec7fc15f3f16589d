// Whether a skill's requirements hold on this machine: executables on PATH and environment variables.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** How long a PATH lookup result is trusted (installing `gh` shows up within this time). */
const BIN_CACHE_TTL_MS = 30_000;

const binCache = new Map<string, { found: boolean; at: number }>();

/** True when `name` is an executable file in one of the PATH folders (PATHEXT on Windows). */
export function hasBinary(name: string, env: NodeJS.ProcessEnv = process.env, now = Date.now()): boolean {
  const key = `${env.PATH ?? ''}\0${name}`;
  const hit = binCache.get(key);
  if (hit && now - hit.at < BIN_CACHE_TTL_MS) return hit.found;
  const found = lookUpBinary(name, env);
  binCache.set(key, { found, at: now });
  return found;
}

function lookUpBinary(name: string, env: NodeJS.ProcessEnv): boolean {
  if (!name || /[\\/]/.test(name)) return false;
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = join(dir, name + ext);
      try {
        if (!statSync(candidate).isFile()) continue;
        if (process.platform !== 'win32') accessSync(candidate, constants.X_OK);
        return true;
      } catch {
        // not here; keep looking
      }
    }
  }
  return false;
}

export interface SkillRequirements {
  bins: string[];
  env: string[];
}

/** What is missing, e.g. `CLI gh, ENV GITHUB_TOKEN`; empty when everything is there. */
export function missingRequirements(req: SkillRequirements, env: NodeJS.ProcessEnv = process.env, now = Date.now()): string[] {
  const missing: string[] = [];
  for (const bin of req.bins) if (!hasBinary(bin, env, now)) missing.push(`CLI ${bin}`);
  for (const name of req.env) if (!env[name]) missing.push(`ENV ${name}`);
  return missing;
}

/** Clears the PATH lookup cache (tests, or after the user installed something). */
export function clearBinaryCache(): void {
  binCache.clear();
}
