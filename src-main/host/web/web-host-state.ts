// What `nanotray web` keeps between runs so open tabs reconnect after a restart without a new URL: the port it
// listened on and its access token, in `<home>/run/web-host.json` (0600 in a 0700 folder, like config.json's keys).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { privateFolder } from '../../core/lib/private-files';
import { writeFileAtomic } from '../../core/lib/atomic-write';
import { resolveHomePaths } from '../../core/config/home-paths';

const stateSchema = z.object({
  port: z.number().int().min(1).max(65_535),
  token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/),
});
export type WebHostState = z.output<typeof stateSchema>;

/** The state file (the one path the core's scrubber reads the token from, see core/config/home-secrets.ts). */
export function webHostStateFile(home: string): string {
  return resolveHomePaths({ NANOTRAY_HOME: home }).webHostStateFile;
}

/** The state of the last run, or undefined when there is none (or it is damaged: a fresh token is safer). */
export function readWebHostState(home: string): WebHostState | undefined {
  try {
    const parsed = stateSchema.safeParse(JSON.parse(readFileSync(webHostStateFile(home), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Saves the state owner-only, written whole (temp file, then rename). */
export function writeWebHostState(home: string, state: WebHostState): void {
  const file = webHostStateFile(home);
  privateFolder(join(home, 'run'));
  writeFileAtomic(file, JSON.stringify(state), 0o600);
}

/** A new access token (the same strength the host makes on its own). */
export function newWebToken(): string {
  return randomBytes(24).toString('base64url');
}
