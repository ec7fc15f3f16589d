// Which addresses an MCP server may send the user's browser to: https, or http on this computer (sign-in pages,
// URL-mode elicitations). Nothing else is ever opened.
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What may be handed to a browser: https, or http on this machine (OAuth 2.1 allows nothing else). */
export function browserSafe(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}
