// How the core finds the LlmProvider for a provider name: the configured ones (cached), or the one a test injects.
import type { Config } from '../../../../src-preload/contract/config-schema';
import type { RuntimeOverrides } from '../../config/runtime-overrides';
import { okResult, type Result } from '../../lib/result';
import type { LlmProvider, ProviderError } from '../llm-provider';
import { createProviderFor } from './provider-factory';
import type { RetryMode } from './retry-policy';

/** The provider called `providerName` in `config` (default: the current config), or a clear error. */
export type ProviderLookup = (providerName: string, config?: Config) => Result<LlmProvider, ProviderError>;

/** Tests build their own provider instead of the OpenAI-compatible one. */
export type ProviderOverride = (config: Config, providerName: string) => LlmProvider;

export interface ProviderLookupDeps {
  config(): Config;
  /** `providerRetryMode` set at run time wins over the config's. */
  overrides: RuntimeOverrides;
  override?: ProviderOverride;
}

/** One lookup per core, with its own cache (one HTTP client per provider name, key and URL). */
export function createProviderLookup(deps: ProviderLookupDeps): ProviderLookup {
  const cache = new Map<string, LlmProvider>();
  const retryMode = (): RetryMode => deps.overrides.providerRetryMode ?? deps.config().agent.providerRetryMode;
  return (providerName, config = deps.config()) => {
    if (deps.override) return okResult(deps.override(config, providerName));
    return createProviderFor(config, providerName, { retryMode, cache });
  };
}
