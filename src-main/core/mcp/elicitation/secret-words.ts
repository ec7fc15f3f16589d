// Whether a form field a server sent looks like it asks for a secret (a password, key, token, card or one-time
// code): the spec forbids servers to ask for those in a form, so the windows and the CLI warn. A best effort on
// the server's own words: every form says that what is typed goes to the server.
const SECRET_WORDS = [
  'password',
  'passwd',
  'passphrase',
  'passcode',
  'pin',
  'secret',
  'token',
  'apikey',
  'api key',
  'access key',
  'private key',
  'credential',
  'otp',
  'one-time',
  'one time',
  '2fa',
  'mfa',
  'totp',
  'verification code',
  'security code',
  'cvv',
  'cvc',
  'card number',
  'credit card',
  'iban',
  'ssn',
  'social security',
  'seed phrase',
  'recovery phrase',
  'mnemonic',
];

/** Lower case, camelCase and snake_case split into words, so `apiKey`, `api_key` and `API key` read alike. */
function words(text: string): string {
  return ` ${text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_\-./:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** True when any of the texts (name, title, description) names a kind of secret as a whole word. */
export function looksSecret(texts: readonly string[]): boolean {
  return texts.some((text) => {
    const spaced = words(text);
    const joined = spaced.replace(/ /g, '');
    return SECRET_WORDS.some((word) => spaced.includes(` ${word.replace(/-/g, ' ')} `) || (word.length >= 6 && !word.includes(' ') && joined.includes(word)));
  });
}
