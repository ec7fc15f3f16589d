// The HEARTBEAT_OK contract: a short reply carrying the token stays silent; the token never reaches a chat.

export const HEARTBEAT_TOKEN = 'HEARTBEAT_OK';
/** A reply with the token is silent when at most this many characters remain once the token is removed. */
export const SILENT_MAX_CHARS = 300;

/** The token in any case, with markdown emphasis or code marks hugging it (`**HEARTBEAT_OK**`, `` `heartbeat_ok` ``). */
const TOKEN = /(?<![A-Za-z0-9])[*_~`]*heartbeat_ok[*_~`]*(?![A-Za-z0-9])/gi;
/** What is left of a line that only held the token: punctuation, markdown marks, list bullets. */
const LEFTOVER = /^[\s.,;:!?*_~`>#\-–—()[\]"']*$/;

export function containsHeartbeatToken(text: string): boolean {
  TOKEN.lastIndex = 0;
  const found = TOKEN.test(text);
  TOKEN.lastIndex = 0;
  return found;
}

/** Removes every occurrence of the token; lines left holding only punctuation go with it. */
export function stripHeartbeatToken(text: string): string {
  if (!containsHeartbeatToken(text)) return text;
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (!containsHeartbeatToken(line)) {
      lines.push(line);
      continue;
    }
    const rest = line.replace(TOKEN, '').replace(/[ \t]{2,}/g, ' ').replace(/\s+([.,;:!?])/g, '$1');
    if (!LEFTOVER.test(rest)) lines.push(rest.trimEnd());
  }
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

export type HeartbeatReply =
  | { kind: 'silent' }
  /** The message for the user, token removed. */
  | { kind: 'notify'; text: string }
  | { kind: 'empty' };

/**
 * Decides what a heartbeat reply means. With the token (any case, any markdown around it) and at most
 * 300 characters left once it is removed: silent. Otherwise the stripped text is the user's notification.
 */
export function classifyHeartbeatReply(reply: string): HeartbeatReply {
  const stripped = stripHeartbeatToken(reply).trim();
  if (containsHeartbeatToken(reply) && stripped.length <= SILENT_MAX_CHARS) return { kind: 'silent' };
  if (!stripped) return { kind: 'empty' };
  return { kind: 'notify', text: stripped };
}
