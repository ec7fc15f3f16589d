// The Content-Security-Policy for app pages (browser host headers, Electron dev-server responses).

/** A strict CSP: only the app's own scripts, no inline script, no plugins, no framing, no forms. */
export function buildCsp(options: { connectSrc?: readonly string[] } = {}): string {
  const connect = ["'self'", ...(options.connectSrc ?? [])].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}
