// The environment a tool child process gets: a short allowlist, never the parent's API keys or tokens.
/** Always passed through (when set in the parent). */
export const BASE_ENV_KEYS: readonly string[] = ['HOME', 'PATH', 'LANG', 'TERM'];
/** Windows cannot start most programs without these; none of them carries a secret. */
const WINDOWS_ENV_KEYS: readonly string[] = ['SYSTEMROOT', 'COMSPEC', 'PATHEXT', 'WINDIR', 'TEMP', 'TMP', 'USERPROFILE'];

/**
 * Only HOME, PATH, LANG, TERM and the user's `tools.exec.allowedEnvKeys` are copied from `parent`.
 * Everything else (OPENAI_API_KEY, GITHUB_TOKEN, AWS_*, …) stays out of the child.
 */
export function buildChildEnv(
  parent: NodeJS.ProcessEnv,
  allowedKeys: readonly string[],
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const wanted = [...BASE_ENV_KEYS, ...(platform === 'win32' ? WINDOWS_ENV_KEYS : []), ...allowedKeys];
  const env: Record<string, string> = {};
  // Windows env names are case-insensitive (Path vs PATH); elsewhere they are exact.
  const norm = (k: string): string => (platform === 'win32' ? k.toUpperCase() : k);
  const wantedSet = new Set(wanted.map(norm));
  for (const [key, value] of Object.entries(parent)) {
    if (value !== undefined && wantedSet.has(norm(key))) env[key] = value;
  }
  return env;
}
