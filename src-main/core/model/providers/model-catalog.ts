// Every model of every configured provider, for the chat's picker: each provider's model list (model-list.ts),
// kept for a while so opening the picker costs no request, read again on "refresh" or when the provider's
// address or key changed. A provider that cannot be reached is listed with a typed error instead of its models.
import { createHash } from 'node:crypto';
import type { Config } from '../../../../src-preload/contract/config-schema';
import type { ProviderErrorKind } from '../llm-provider';
import { listProviderModels, type ModelListOptions } from './model-list';

/** How long a provider's list is kept before the picker reads it again. */
export const MODEL_LIST_TTL_MS = 10 * 60_000;

export interface ProviderModels {
  provider: string;
  models: string[];
  /** Why the list could not be read (the models are then empty). */
  error?: { code: ProviderErrorKind; message: string };
  /** When the list was read (ms since the epoch). */
  fetchedAt: number;
}

interface Entry {
  /** The provider's address and key, hashed: a change to either reads the list again. */
  identity: string;
  value: Promise<ProviderModels>;
  fetchedAt: number;
}

function identityOf(config: Config, name: string): string {
  const p = config.providers[name]!;
  return createHash('sha256').update(JSON.stringify([p.baseUrl ?? '', p.apiKey, p.headers ?? {}])).digest('hex');
}

export class ModelCatalog {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number,
    private readonly options: ModelListOptions = {},
  ) {}

  /** The providers in config order with their models; `refresh` reads every list again. */
  async list(config: Config, refresh = false): Promise<ProviderModels[]> {
    for (const name of this.#entries.keys()) if (!config.providers[name]) this.#entries.delete(name);
    return Promise.all(Object.keys(config.providers).map((name) => this.#one(config, name, refresh)));
  }

  #one(config: Config, name: string, refresh: boolean): Promise<ProviderModels> {
    const identity = identityOf(config, name);
    const kept = this.#entries.get(name);
    const now = this.now();
    if (!refresh && kept && kept.identity === identity && now - kept.fetchedAt < MODEL_LIST_TTL_MS) return kept.value;
    const value = this.#read(config, name, now);
    const entry: Entry = { identity, value, fetchedAt: now };
    this.#entries.set(name, entry);
    // A failed read is not kept: the next opening tries again.
    void value.then((v) => {
      if (v.error && this.#entries.get(name) === entry) this.#entries.delete(name);
    });
    return value;
  }

  async #read(config: Config, name: string, now: number): Promise<ProviderModels> {
    const listed = await listProviderModels(config, name, this.options);
    if (listed.ok) return { provider: name, models: listed.value, fetchedAt: now };
    return { provider: name, models: [], error: { code: listed.error.kind, message: listed.error.message }, fetchedAt: now };
  }
}
