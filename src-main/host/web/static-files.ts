// Serves the built renderer (out/renderer) read-only, with a strict CSP and no path escapes.
import { createReadStream, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
};

/** A built asset named by its content (`assets/index-CiQ_LmG3.js`): a new build gives it a new name. */
const CONTENT_NAMED = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

/**
 * Pages are never cached (they carry the current build's asset names); content-named assets are cached for good, so
 * a new tab or a reload loads only the page; anything else is revalidated.
 */
export function cacheControl(urlPath: string, type: string): string {
  if (type.startsWith('text/html')) return 'no-store';
  return CONTENT_NAMED.test(urlPath.split('?')[0] ?? '') ? 'private, max-age=31536000, immutable' : 'no-cache';
}

/** Maps a URL path to a file inside `root`, or undefined when it would leave it. `/` is index.html. */
export function resolveStaticPath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const rel = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const full = normalize(join(root, rel));
  const base = normalize(root.endsWith(sep) ? root : root + sep);
  return full.startsWith(base) ? full : undefined;
}

export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    // The access token is in the page URL: never send it anywhere as a referrer.
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/** Writes the file (200), or 404. Only GET/HEAD reach here. */
export function serveStatic(root: string, urlPath: string, res: ServerResponse, csp: string, headOnly = false): void {
  const file = resolveStaticPath(root, urlPath);
  const stat = file ? statSafe(file) : undefined;
  if (!file || !stat?.isFile()) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...securityHeaders(csp) });
    res.end('Not found');
    return;
  }
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': String(stat.size),
    'Cache-Control': cacheControl(urlPath, type),
    ...securityHeaders(csp),
  });
  if (headOnly) res.end();
  else createReadStream(file).pipe(res);
}

function statSafe(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
