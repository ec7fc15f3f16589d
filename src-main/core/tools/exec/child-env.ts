// The environment a tool child process gets: a short allowlist, never the parent's API keys or tokens.
/** Always passed through (when set in the parent). */
export const BASE_ENV_KEYS: readonly string[] = ['HOME', 'PATH', 'LANG', 'TERM'];
/** Windows cannot start most programs without these; none of them carries a secret. */
const WINDOWS_ENV_KEYS: readonly string[] = ['SYSTEMROOT', 'COMSPEC', 'PATHEXT', 'WINDIR', 'TEMP', 'TMP', 'USERPROFILE'];

/**
 * Never passed, even when listed in allowedEnvKeys: the doors into the user's session (agents, buses, displays)
 * and proxy settings (a sandboxed command gets Nanotray's own; see egress/proxy-env.ts).
 */
export const SESSION_ENV_KEYS: readonly string[] = [
  'SSH_AUTH_SOCK', 'SSH_AGENT_PID', 'GPG_AGENT_INFO', 'DBUS_SESSION_BUS_ADDRESS', 'DBUS_SYSTEM_BUS_ADDRESS', 'DISPLAY',
  'WAYLAND_DISPLAY', 'XAUTHORITY', 'XDG_RUNTIME_DIR', 'DOCKER_HOST', 'CONTAINER_HOST',
  'HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NO_PROXY', 'FTP_PROXY',
];

/**
 * Only HOME, PATH, LANG, TERM and the user's `tools.exec.allowedEnvKeys` are copied from `parent`, never the
 * SESSION_ENV_KEYS. Everything else (OPENAI_API_KEY, GITHUB_TOKEN, AWS_*, …) stays out of the child.
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
  // upper-cased everywhere: http_proxy and HTTP_PROXY are the same thing to the programs that read them
  for (const key of SESSION_ENV_KEYS) wantedSet.delete(norm(key));
  const session = new Set(SESSION_ENV_KEYS);
  for (const [key, value] of Object.entries(parent)) {
    if (value !== undefined && wantedSet.has(norm(key)) && !session.has(key.toUpperCase())) env[key] = value;
  }
  return env;
}
