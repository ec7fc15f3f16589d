// "Test connection": the models a provider offers, from the SDK's models.list. A server without a model list
// (404/405, or a 200 that is not one: Azure deployment URLs, some local servers) is tested with a one-token
// chat completion of a model configured for it instead; the answer is then that model. Errors are the
// provider's ProviderErrors (classified from the SDK's error classes), never with the key in them.
import type { Config } from '../../../../src-preload/contract/config-schema';
import type { ProviderError } from '../llm-provider';
import { errResult, okResult, type Result } from '../../lib/result';
import { createHttpFetch } from '../../net/http-fetch';
import { OPENAI_BASE_URL, OpenAiCompatibleProvider } from './openai-compatible';
import { ResponseTap, tappedFetch } from './response-tap';
import type { ErrorContext } from './provider-errors';
import { ENCRYPTED_SECRET_PREFIX, encryptedKeyError } from './provider-factory';

/** How long a connection test may take, per request. */
export const TEST_TIMEOUT_MS = 10_000;

export interface ModelListOptions {
  /** The transport under the SDK; defaults to core/net's HTTP client. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const testFetch = createHttpFetch();

/** A model configured for `providerName`: the agent's own, else the first preset on it. */
export function modelConfiguredFor(config: Config, providerName: string): string | undefined {
  if (config.agent.provider === providerName) return config.agent.model;
  return Object.values(config.modelPresets).find((p) => (p.provider ?? config.agent.provider) === providerName)?.model;
}

/** Whether the server simply has no model list (so a chat completion may still work). */
function noModelList(error: ProviderError): boolean {
  return error.kind === 'not_found' || error.kind === 'bad_response' || error.status === 405 || error.status === 501;
}

function notAModelList(ctx: ErrorContext, tap: ResponseTap): ProviderError {
  return {
    kind: 'bad_response',
    transient: false,
    status: tap.status ?? 200,
    message: `The provider '${ctx.providerName}' at ${ctx.baseUrl} answered ${tap.status ?? 200} with ${tap.contentType || 'no content type'}, not a model list. Check providers.${ctx.providerName}.baseUrl (for OpenAI-compatible servers it usually ends in /v1).`,
  };
}

async function listOnce(config: Config, name: string, options: ModelListOptions): Promise<Result<string[], ProviderError>> {
  const settings = config.providers[name]!;
  const baseUrl = settings.baseUrl ?? OPENAI_BASE_URL;
  const ctx: ErrorContext = { providerName: name, model: '', baseUrl, apiKey: settings.apiKey };
  const tap = new ResponseTap();
  const { createOpenAiClient, fromSdkError } = await import('./sdk-transport'); // the SDK, when a test runs
  const client = createOpenAiClient(
    { apiKey: settings.apiKey, baseUrl, headers: settings.headers, timeoutMs: options.timeoutMs ?? TEST_TIMEOUT_MS },
    tappedFetch(options.fetch ?? testFetch, tap),
  );
  try {
    const page = await client.models.list();
    if (tap.kind !== 'json') return errResult(notAModelList(ctx, tap));
    return okResult(page.data.map((m) => m.id).filter((id): id is string => typeof id === 'string').sort());
  } catch (err) {
    const { retryAfterMs: _wait, param: _param, ...error } = fromSdkError(err, 'request', tap, ctx, false);
    return errResult(error);
  }
}

/**
 * The models of the provider called `name` in `config` (sorted), or why it could not be reached.
 * Without a model list, a one-token chat completion of the configured model proves the connection.
 */
export async function listProviderModels(config: Config, name: string, options: ModelListOptions = {}): Promise<Result<string[], ProviderError>> {
  const settings = config.providers[name];
  if (!settings) return errResult({ kind: 'no_provider', transient: false, message: `No provider "${name}" in the config.` });
  if (settings.apiKey.startsWith(ENCRYPTED_SECRET_PREFIX)) return errResult(encryptedKeyError(name));
  const listed = await listOnce(config, name, options);
  const model = modelConfiguredFor(config, name);
  if (listed.ok || !noModelList(listed.error) || !model) return listed;
  const provider = new OpenAiCompatibleProvider({
    name,
    apiKey: settings.apiKey,
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
    headers: settings.headers,
    retryMode: 'none',
    timeoutMs: options.timeoutMs ?? TEST_TIMEOUT_MS,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const answered = await provider.chat({ model, messages: [{ role: 'user', content: 'ping' }], tools: [], maxTokens: 1, temperature: 0 });
  return answered.ok ? okResult([model]) : errResult(answered.error);
}
