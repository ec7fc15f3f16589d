// The environment that points a sandboxed program at its egress proxy: HTTP(S)_PROXY for HTTP clients, ALL_PROXY
// as socks5h:// so the proxy resolves names (DNS goes nowhere else), both spellings, and nothing exempt.

/** The variables for a proxy on 127.0.0.1:`port` (inside the sandbox). */
export function proxyEnvironment(port: number): Record<string, string> {
  const http = `http://127.0.0.1:${port}`;
  const socks = `socks5h://127.0.0.1:${port}`;
  const env: Record<string, string> = {};
  for (const [name, value] of [
    ['HTTP_PROXY', http],
    ['HTTPS_PROXY', http],
    ['ALL_PROXY', socks],
    ['NO_PROXY', ''],
  ] as const) {
    env[name] = value;
    env[name.toLowerCase()] = value;
  }
  return env;
}
