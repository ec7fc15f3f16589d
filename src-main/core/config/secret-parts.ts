// Which parts of a URL or of a command line are credentials (a password in the authority, `?api-key=…`,
// `--token …`), how Settings and `nanotray status` show them (masked), and how a form that sends the mask back
// unchanged gets the stored part again — on the same origin only, so a credential never follows a URL to a new host.
import { isSecretFlag, isSecretName, looksLikeToken } from '../lib/secret-names';

/** What a masked part reads as. */
export const MASK = '••••';

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function parse(text: string | null | undefined): URL | undefined {
  if (!text) return undefined;
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** The user, password and `user:pass` of a URL (decoded), and query values named or shaped like a credential. */
export function urlSecrets(text: string | null | undefined): string[] {
  const url = parse(text);
  if (!url) return [];
  const out: string[] = [];
  const password = safeDecode(url.password);
  const username = safeDecode(url.username);
  if (password) out.push(password, `${username}:${password}`, `${url.username}:${url.password}`);
  for (const [name, value] of url.searchParams) if (isSecretName(name) || looksLikeToken(value)) out.push(value);
  return out;
}

/** `https://me:pw@host/v1?api-key=k&x=1` → `https://me:••••@host/v1?api-key=••••&x=1`; text that is no URL stays. */
export function maskUrlSecrets(text: string): string {
  const url = parse(text);
  if (!url) return text.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@/\s]*@/i, `$1:${MASK}@`);
  if (url.password) url.password = MASK;
  for (const [name, value] of [...url.searchParams]) if (isSecretName(name) || looksLikeToken(value)) url.searchParams.set(name, MASK);
  const shown = url.toString();
  return shown === new URL(text).toString() ? text : shown.replaceAll(encodeURIComponent(MASK), MASK);
}

/**
 * A URL a form sent back: each masked part (the password, a query value) takes the stored value again when the URL
 * still names the stored origin, and is dropped on another origin. Everything the user changed stays as sent.
 */
export function unmaskUrlSecrets(sent: string, stored: string | null | undefined): string {
  if (!sent.includes(MASK)) return sent;
  const url = parse(sent.replaceAll(MASK, encodeURIComponent(MASK)));
  if (!url) return sent.replaceAll(MASK, '');
  const before = parse(stored);
  const same = before !== undefined && before.origin === url.origin;
  if (safeDecode(url.password) === MASK) url.password = same ? before.password : '';
  for (const [name, value] of [...url.searchParams]) {
    if (value !== MASK) continue;
    const kept = same ? before.searchParams.get(name) : null;
    if (kept === null) url.searchParams.delete(name);
    else url.searchParams.set(name, kept);
  }
  return url.toString();
}

/** Where a command line carries secrets: after a secret-named flag, in `--flag=X` / `NAME=X`, or a token-shaped word. */
function argSecretAt(args: readonly string[], i: number): { value: string; prefix: string } | undefined {
  const arg = args[i]!;
  if (i > 0 && isSecretFlag(args[i - 1]!) && !arg.startsWith('-')) return { value: arg, prefix: '' };
  const eq = arg.indexOf('=');
  if (eq > 0 && isSecretName(arg.slice(0, eq)) && arg.length > eq + 1) return { value: arg.slice(eq + 1), prefix: arg.slice(0, eq + 1) };
  return looksLikeToken(arg) && arg.length >= 24 ? { value: arg, prefix: '' } : undefined;
}

/** The secrets in an MCP server's command line. */
export function argSecrets(args: readonly string[]): string[] {
  return args.flatMap((_, i) => {
    const found = argSecretAt(args, i);
    return found ? [found.value] : [];
  });
}

/** The command line with each secret masked (`--token ••••`, `API_KEY=••••`). */
export function maskArgs(args: readonly string[]): string[] {
  return args.map((arg, i) => {
    const found = argSecretAt(args, i);
    return found ? `${found.prefix}${MASK}` : arg;
  });
}

/** A command line a form sent back: a masked word takes the stored word at the same place (after the same word) again. */
export function unmaskArgs(sent: readonly string[], stored: readonly string[] | undefined): string[] {
  if (!stored) return [...sent];
  const masked = maskArgs(stored);
  return sent.map((arg, i) => {
    const same = arg.includes(MASK) && masked[i] === arg && (i === 0 || sent[i - 1] === masked[i - 1]);
    return same ? stored[i]! : arg;
  });
}
