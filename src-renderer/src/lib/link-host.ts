// Where a link in an answer really goes: the host of its target (ASCII, so a lookalike name shows as xn--…), and
// the host its text names when the text reads as a URL or a domain ("paypal.com", "https://paypal.com/login").
// A text that names another host than the target is how a phishing link looks; the window asks before it opens.

/** The host a link opens (punycode for internationalised names), or null for a target that is not http(s). */
export function targetHost(href: string): string | null {
  try {
    const url = new URL(href.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** A text that is a URL with a scheme, or the link text as a whole reads as a domain (with an optional path). */
const WITH_SCHEME = /\bhttps?:\/\/[^\s<>"']+/i;
const BARE_DOMAIN = /^(?:www\.)?(?:[\p{L}\p{N}-]+\.)+\p{L}[\p{L}\p{N}-]*\.?(?::\d+)?(?:[/?#]\S*)?$/u;

function hostOf(candidate: string): string | null {
  try {
    return new URL(candidate).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** The host the link's visible text names, or null when it names none (e.g. "the docs", "click here"). */
export function namedHost(text: string): string | null {
  const plain = text.replace(/[*_`~]/g, '').trim();
  const url = WITH_SCHEME.exec(plain);
  if (url) return hostOf(url[0]);
  if (BARE_DOMAIN.test(plain)) return hostOf(`http://${plain}`);
  return null;
}

function sameSite(named: string, target: string): boolean {
  const bare = (h: string): string => h.replace(/^www\./, '').replace(/\.$/, '');
  const n = bare(named);
  const t = bare(target);
  // docs.github.com is github.com's; github.com.evil.example is not.
  return t === n || t.endsWith(`.${n}`);
}

/** For a link that misleads, the host its text (or the user part of its URL) names and the host it opens; else null. */
export function misleadingLink(text: string, href: string): { named: string; target: string } | null {
  const target = targetHost(href);
  if (target === null) return null;
  const url = new URL(href.trim());
  // https://paypal.com@evil.example/ reads as paypal.com and opens evil.example.
  if (url.username || url.password) return { named: url.username || url.password, target };
  const named = namedHost(text);
  if (named === null || sameSite(named, target)) return null;
  return { named, target };
}
