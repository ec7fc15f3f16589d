// The one vocabulary of secret names: each question answered as the table says, and nothing any of the four
// former vocabularies recognised (redact's keys, secret-parts' names and flags, the runtime's screens) is lost.
import { describe, expect, it } from 'vitest';
import { isSecretFlag, isSecretKey, isSecretName, looksLikeToken } from '../../../src-main/core/lib/secret-names';

/** The four vocabularies as they were before they became one (frozen here: the union must stay recognised). */
const FORMER = {
  redactKey: (key: string) => {
    const re = /^(api_?key|apikey|secret|password|token|credential|private_?key|access_?token|refresh_?token|auth|authorization)$/i;
    return re.test(key) || re.test(key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
  },
  runtimeName: (segment: string) => {
    const names = ['api_key', 'apikey', 'secret', 'password', 'token', 'credential', 'private_key', 'access_token', 'refresh_token', 'auth', 'authorization'];
    const snake = segment.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    return names.includes(segment.toLowerCase()) || names.includes(snake);
  },
  partsName: (name: string) => /(key|token|secret|passw|auth|cookie|credential|session)/i.test(name),
  flag: (arg: string) => /^--?[\w-]*(key|token|secret|passw|auth|credential)[\w-]*$/i.test(arg),
};

const NAMES = [
  'api_key', 'API_KEY', 'Api_Key', 'apikey', 'apiKey', 'APIKEY', 'ApiKey', 'secret', 'SECRET', 'password', 'Password',
  'token', 'TOKEN', 'credential', 'private_key', 'privateKey', 'PrivateKey', 'access_token', 'accessToken',
  'AccessToken', 'privatekey', 'accesstoken', 'REFRESHTOKEN', 'refresh_token', 'refreshToken', 'auth', 'AUTH', 'authorization', 'Authorization', 'X-Api-Key',
  'GITHUB_TOKEN', 'client-secret', 'Cookie', 'session', 'SESSION_ID', 'db_password', 'api_key_configured', 'token_budget',
  'tokens', 'author', 'secretary', 'passwords_hint', 'maxTokens', 'sessionKey', 'model', 'Content-Type', 'ROOT', '',
];
const FLAGS = ['--token', '-token', '--api-key', '--apiKey', '--client-secret', '--password', '--auth', '--credentials', '---token', '--verbose', '-v', '--', '--port', '--session'];

describe('secret names', () => {
  it('keeps every key masking and the runtime policy recognised', () => {
    for (const name of NAMES) if (FORMER.redactKey(name) || FORMER.runtimeName(name)) expect(isSecretKey(name), name).toBe(true);
  });

  it('keeps every header, env and query name recognised', () => {
    for (const name of NAMES) if (FORMER.partsName(name)) expect(isSecretName(name), name).toBe(true);
  });

  it('keeps every secret flag recognised', () => {
    for (const flag of FLAGS) if (FORMER.flag(flag)) expect(isSecretFlag(flag), flag).toBe(true);
  });

  it.each([
    ['apiKey', true], ['APIKEY', true], ['AccessToken', true], ['authorization', true],
    ['maxTokens', false], ['sessionKey', false], ['token_budget', false], ['author', false], ['secretary', false], ['', false],
  ])('secret key %j → %s', (name, expected) => expect(isSecretKey(name)).toBe(expected));

  it.each([
    ['X-Api-Key', true], ['GITHUB_TOKEN', true], ['Cookie', true], ['SESSION_ID', true], ['Content-Type', false], ['ROOT', false],
  ])('secret-holding name %j → %s', (name, expected) => expect(isSecretName(name)).toBe(expected));

  it.each([
    ['--token', true], ['--client-secret', true], ['--session', true], ['--verbose', false], ['--', false], ['token', false],
  ])('secret flag %j → %s', (flag, expected) => expect(isSecretFlag(flag)).toBe(expected));

  it('knows a token-shaped value', () => {
    expect(looksLikeToken('ghp_abcdefghij1234567890')).toBe(true);
    expect(looksLikeToken('/usr/local/bin/node12345')).toBe(false);
  });
});
