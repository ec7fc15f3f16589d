// The shapes one secret can take in text: raw, JSON-escaped, URL-encoded, hex, and base64 / base64url at
// each of the three byte alignments it can have inside a larger encoded blob.

/** Shorter values are not treated as secrets: they would redact ordinary words. */
export const MIN_SECRET_LENGTH = 6;

/**
 * The part of the base64 text of `bytes` that does not depend on its neighbours when `bytes` starts at
 * byte offset `shift` (0, 1 or 2) of a larger buffer: the characters whose 6 bits all come from `bytes`.
 */
function base64Core(bytes: Buffer, shift: number): string {
  const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
  const from = Math.ceil((8 * shift) / 6);
  const to = Math.floor((8 * (shift + bytes.length)) / 6);
  return encoded.slice(from, to);
}

function toBase64Url(base64: string): string {
  return base64.replace(/\+/g, '-').replace(/\//g, '_');
}

/** `%2f` style (lower-case escapes) of an encodeURIComponent result. */
function lowerEscapes(encoded: string): string {
  return encoded.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
}

/**
 * Every form of `secret` a scrubber should remove, longest first, without duplicates. A secret found
 * inside base64 of a bigger text (`base64 config.json`) sits at one of three alignments, each giving a
 * different core; all three (standard and URL alphabets) are listed.
 */
export function secretForms(secret: string): string[] {
  if (secret.length < MIN_SECRET_LENGTH) return [];
  const bytes = Buffer.from(secret, 'utf8');
  const uri = encodeURIComponent(secret);
  const forms = [
    secret,
    JSON.stringify(secret).slice(1, -1),
    uri,
    lowerEscapes(uri),
    uri.replace(/%20/g, '+'),
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
  ];
  for (const shift of [0, 1, 2]) {
    const core = base64Core(bytes, shift);
    forms.push(core, toBase64Url(core));
  }
  return [...new Set(forms.filter((f) => f.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
}

/** The forms a model would write when echoing a secret: raw, JSON-escaped and URL-encoded. */
export function literalForms(secret: string): string[] {
  if (secret.length < MIN_SECRET_LENGTH) return [];
  const uri = encodeURIComponent(secret);
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), uri, lowerEscapes(uri)])].sort((a, b) => b.length - a.length);
}
