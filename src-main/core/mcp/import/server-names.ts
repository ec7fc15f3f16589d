// Names for servers brought from elsewhere: made valid here (letters, digits, `_`, `-`, `.`, at most 40) and kept
// apart from the names already taken with a suffix (`github-2`).

/** The rule McpManager.add checks. */
export const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

/** `My Server!` → `My-Server`; nothing usable → `server`. */
export function validServerName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '').slice(0, 40).replace(/[-.]+$/, '');
  return cleaned || 'server';
}

/** The valid form of `name`, suffixed `-2`, `-3`… until no name in `taken` is the same. */
export function freeServerName(name: string, taken: ReadonlySet<string>): string {
  const base = validServerName(name);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 40 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
