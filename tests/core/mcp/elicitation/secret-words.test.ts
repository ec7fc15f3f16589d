// Which field words count as asking for a secret.
import { describe, expect, it } from 'vitest';
import { looksSecret } from '../../../../src-main/core/mcp/elicitation/secret-words';

describe('looksSecret', () => {
  it('finds secrets in names, camelCase, snake_case and prose', () => {
    for (const text of ['password', 'userPassword', 'api_key', 'API key', 'Your PIN', 'access-token', 'Card number', 'CVV', 'Enter the 2FA code', 'seed phrase']) {
      expect(looksSecret([text]), text).toBe(true);
    }
  });

  it('leaves ordinary fields alone (a word inside another word is no secret)', () => {
    for (const text of ['name', 'City', 'pinned', 'Tokyo', 'tokenizer settings', 'email', 'spinach']) {
      expect(looksSecret([text]), text).toBe(false);
    }
  });
});
