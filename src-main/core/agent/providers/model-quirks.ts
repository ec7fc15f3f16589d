// Request parameters some models refuse (OpenAI reasoning models want max_completion_tokens and only the
// default temperature). Learned from the server's 400 answer, remembered per model for this provider.
import type { ProviderError } from '../llm-provider';

interface Quirks {
  completionTokens?: boolean;
  noTemperature?: boolean;
}

export class ModelQuirks {
  #byModel = new Map<string, Quirks>();

  /** The token-limit and temperature fields for a request to `model`. */
  limits(model: string, maxTokens: number, temperature: number): Record<string, number> {
    const q = this.#byModel.get(model) ?? {};
    return {
      ...(q.completionTokens ? { max_completion_tokens: maxTokens } : { max_tokens: maxTokens }),
      ...(q.noTemperature ? {} : { temperature }),
    };
  }

  /** Records what a 400 says the model does not accept; true when the request should be sent again. */
  learn(model: string, error: ProviderError): boolean {
    if (error.kind !== 'bad_request' || !error.serverDetail) return false;
    // The server names a refused parameter only in its own words: read them here, at the provider edge.
    const said = error.serverDetail;
    const q = this.#byModel.get(model) ?? {};
    if (!q.completionTokens && /max_tokens/.test(said) && /max_completion_tokens/.test(said)) {
      this.#byModel.set(model, { ...q, completionTokens: true });
      return true;
    }
    if (!q.noTemperature && /temperature/i.test(said) && /(unsupported|not support|only the default)/i.test(said)) {
      this.#byModel.set(model, { ...q, noTemperature: true });
      return true;
    }
    return false;
  }
}
