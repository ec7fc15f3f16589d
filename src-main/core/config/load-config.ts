// Loads and validates config.json; an invalid file yields one clear error and is never overwritten.
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { configSchema, type Config } from '../../../src-preload/contract/config-schema';
import { migrateLegacyKeys, normalizeKeys } from './normalize-keys';
import { writeFileAtomic } from '../lib/atomic-write';
import { errResult, okResult, type Result } from '../lib/result';
import { failure, type CoreError } from '../lib/core-error';
import { WriteFailure, writeFailureOf, type WriteFailureCode } from '../lib/write-failure';

export interface LoadedConfig {
  config: Config;
  /** The file's own content after key normalization (no defaults added). */
  raw: Record<string, unknown>;
  file: string;
  exists: boolean;
  /** Legacy keys found in the file (`tools.myEnabled`, `tools.mySet`). */
  legacyKeys: string[];
  /** True when the `openai` provider came from OPENAI_API_KEY / OPENAI_BASE_URL. */
  providerFromEnv: boolean;
}

/** Turns stored secrets (e.g. safeStorage-encrypted `enc:` strings) back into plain text. */
export type SecretDecoder = (stored: string) => string;

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length ? issue.path.map(String).join('.') : '(top level)';
  return `${path}: ${issue.message}`;
}

/** One human sentence for a zod failure: the key path and what was expected. */
export function formatConfigError(file: string, error: z.ZodError): string {
  const issues = error.issues.slice(0, 3).map(describeIssue);
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return `Invalid config in ${file}: ${issues.join('; ')}${more}. The file was left untouched; fix it and try again.`;
}

/** Validates a raw (already JSON-parsed) config object the same way the loader does. */
export function parseConfig(
  rawInput: unknown,
  file = 'config.json',
): Result<{ config: Config; raw: Record<string, unknown>; legacyKeys: string[] }> {
  if (typeof rawInput !== 'object' || rawInput === null || Array.isArray(rawInput)) {
    return errResult(`Invalid config in ${file}: the top level must be a JSON object.`);
  }
  const raw = normalizeKeys(rawInput) as Record<string, unknown>;
  const legacyKeys = migrateLegacyKeys(raw);
  // jitless: the config is parsed once per start (and per change), where zod's compiled fast path costs more to
  // build (~4 ms of `new Function` for this schema) than it ever saves; the result is the same.
  const parsed = configSchema.safeParse(raw, { jitless: true });
  if (!parsed.success) return errResult(formatConfigError(file, parsed.error));
  return okResult({ config: parsed.data, raw, legacyKeys });
}

/**
 * Decrypts each stored secret on its own. One that cannot be decrypted (a changed or locked keychain) keeps
 * its stored form: the provider is then marked "key needs re-entering" instead of the whole start failing.
 */
function applySecretDecoder(config: Config, decode: SecretDecoder): void {
  const attempt = (stored: string): string => {
    try {
      return decode(stored);
    } catch {
      return stored;
    }
  };
  for (const provider of Object.values(config.providers)) provider.apiKey = attempt(provider.apiKey);
  config.tools.web.search.apiKey = attempt(config.tools.web.search.apiKey);
}

/** config.json's text; a UTF-8 byte order mark (Notepad writes one) is not part of the JSON. */
function readConfigText(file: string): string {
  const text = readFileSync(file, 'utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function loadConfig(
  file: string,
  env: NodeJS.ProcessEnv = process.env,
  decode?: SecretDecoder,
): Result<LoadedConfig> {
  const exists = existsSync(file);
  let rawInput: unknown = {};
  if (exists) {
    const text = readConfigText(file);
    try {
      rawInput = text.trim() ? JSON.parse(text) : {};
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      return errResult(`Invalid config in ${file}: not valid JSON (${detail}). The file was left untouched.`);
    }
  }
  const parsed = parseConfig(rawInput, file);
  if (!parsed.ok) return parsed;
  const { config, raw, legacyKeys } = parsed.value;
  if (decode) applySecretDecoder(config, decode);
  let providerFromEnv = false;
  if (Object.keys(config.providers).length === 0 && (env.OPENAI_API_KEY || env.OPENAI_BASE_URL)) {
    config.providers.openai = {
      apiKey: env.OPENAI_API_KEY ?? '',
      baseUrl: env.OPENAI_BASE_URL || undefined,
      headers: {},
    };
    providerFromEnv = true;
  }
  return okResult({ config, raw, file, exists, legacyKeys, providerFromEnv });
}

/** Why config.json was not changed: the change is `invalid`, or the save failed (disk full, read-only, …). */
export type ConfigUpdateError = CoreError<'invalid' | WriteFailureCode>;

/**
 * Changes config.json safely: re-reads the file, applies `mutate` to its raw object (other keys stay as
 * they are), validates the result (and `accept`s it: e.g. the new workspace can be one), then writes it
 * atomically. Nothing is written when validation fails.
 */
export function updateConfigFile(
  file: string,
  mutate: (raw: Record<string, unknown>) => void,
  accept: (next: Config) => Result<unknown, ConfigUpdateError> = () => okResult(undefined),
): Result<Config, ConfigUpdateError> {
  let rawInput: unknown = {};
  if (existsSync(file)) {
    const text = readConfigText(file);
    try {
      rawInput = text.trim() ? JSON.parse(text) : {};
    } catch (err) {
      return failure('invalid', `Invalid config in ${file}: not valid JSON (${err instanceof Error ? err.message : String(err)}). Nothing was changed.`);
    }
  }
  const first = parseConfig(rawInput, file);
  if (!first.ok) return failure('invalid', first.error);
  const raw = structuredClone(first.value.raw);
  mutate(raw);
  const second = parseConfig(raw, file);
  if (!second.ok) return failure('invalid', second.error.replace('The file was left untouched; fix it and try again.', 'Nothing was changed.'));
  const accepted = accept(second.value.config);
  if (!accepted.ok) return accepted;
  try {
    writeFileAtomic(file, `${JSON.stringify(raw, null, 2)}\n`, 0o600);
  } catch (err) {
    // what happened and what to do; the file is as it was
    const failed = err instanceof WriteFailure ? err : writeFailureOf(err, file);
    return failure(failed.code, failed.message);
  }
  return okResult(second.value.config);
}
