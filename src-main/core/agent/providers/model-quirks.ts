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
    if (error.kind !== 'bad_request') return false;
    const text = error.message;
    const q = this.#byModel.get(model) ?? {};
    if (!q.completionTokens && /max_tokens/.test(text) && /max_completion_tokens/.test(text)) {
      this.#byModel.set(model, { ...q, completionTokens: true });
      return true;
    }
    if (!q.noTemperature && /temperature/i.test(text) && /(unsupported|not support|only the default)/i.test(text)) {
      this.#byModel.set(model, { ...q, noTemperature: true });
      return true;
    }
    return false;
  }
}
