// Builds (and caches) the LlmProvider for a provider name in config.json.
import type { Config } from '../../../../src-preload/contract/config-schema';
import type { LlmProvider, ProviderError } from '../llm-provider';
import { errResult, okResult, type Result } from '../../lib/result';
import { OpenAiCompatibleProvider } from './openai-compatible';
import { noProviderError } from './provider-errors';
import type { RetryMode, Sleep } from './retry-policy';

export interface ProviderFactoryOptions {
  /** Defaults to `config.agent.providerRetryMode`; a function is read before every call. */
  retryMode?: RetryMode | (() => RetryMode);
  sleep?: Sleep;
  /** Defaults to `config.agent.requestTimeout` seconds. */
  timeoutMs?: number;
  /** Where built providers are kept (one per name + key + URL); defaults to a module-wide cache. */
  cache?: Map<string, LlmProvider>;
}

const sharedCache = new Map<string, LlmProvider>();

/** How the desktop app stores keys it encrypted with the OS keychain (see src-main/shell/secret-store.ts). */
export const ENCRYPTED_SECRET_PREFIX = 'enc:';

/** A key only the desktop app can decrypt reached a host without the keychain (CLI, browser host, daemon). */
export function encryptedKeyError(providerName: string): ProviderError {
  return {
    kind: 'auth',
    transient: false,
    message:
      `The API key of provider '${providerName}' was encrypted by the Nanotray desktop app with the OS keychain, ` +
      `and only the desktop app can read it. Use the desktop app, or enter the key again in this host's settings ` +
      `(or as providers.${providerName}.apiKey in config.json) to store it unencrypted.`,
  };
}

/**
 * The provider called `providerName` in config, or a `no_provider` error that says how to configure one.
 * Providers are cached per name, key, base URL and headers, so repeated turns reuse one HTTP client.
 */
export function createProviderFor(
  config: Config,
  providerName: string,
  options: ProviderFactoryOptions = {},
): Result<LlmProvider, ProviderError> {
  const settings = config.providers[providerName];
  if (!settings) return errResult(noProviderError(providerName));
  if (settings.apiKey.startsWith(ENCRYPTED_SECRET_PREFIX)) return errResult(encryptedKeyError(providerName));
  const retryMode = options.retryMode ?? config.agent.providerRetryMode;
  const timeoutMs = options.timeoutMs ?? config.agent.requestTimeout * 1000;
  const cache = options.cache ?? sharedCache;
  const firstByteMs = settings.timeouts?.firstByte !== undefined ? settings.timeouts.firstByte * 1000 : timeoutMs;
  const idleMs = settings.timeouts?.idle !== undefined ? settings.timeouts.idle * 1000 : timeoutMs;
  const key = JSON.stringify([
    providerName,
    settings.apiKey,
    settings.baseUrl ?? '',
    settings.headers,
    firstByteMs,
    idleMs,
    typeof retryMode === 'string' ? retryMode : 'dynamic',
    options.sleep ? 'custom-sleep' : 'real-sleep',
  ]);
  // A dynamic mode or custom sleep is owned by its caller: only a caller-provided cache may keep it.
  const cacheable = options.cache !== undefined || (typeof retryMode === 'string' && !options.sleep);
  const cached = cacheable ? cache.get(key) : undefined;
  if (cached) return okResult(cached);
  const provider = new OpenAiCompatibleProvider({
    name: providerName,
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    headers: settings.headers,
    firstByteMs,
    idleMs,
    retryMode,
    sleep: options.sleep,
  });
  if (cacheable) cache.set(key, provider);
  return okResult(provider);
}
