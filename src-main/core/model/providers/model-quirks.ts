// What each model's server refuses, learned from its 400 answers and remembered per model for this provider:
// `stream_options` (older vLLM, Azure before api-version 2024-10-21), `tools` (Ollama: "does not support
// tools"), `max_tokens` (OpenAI reasoning models want `max_completion_tokens`) and `temperature`.
// The field comes from the error object's `param` when the server names one; otherwise the request is tried
// again without one optional field at a time (then without all of them), and the first shape the server
// accepts is kept. Nothing is read out of the error message.
import type { ClassifiedError } from './provider-errors';

/** Which optional parts a request carries. */
export interface RequestShape {
  streamOptions: boolean;
  tools: boolean;
  /** `max_completion_tokens` instead of `max_tokens`. */
  completionTokens: boolean;
  temperature: boolean;
}

export const FULL_SHAPE: RequestShape = { streamOptions: true, tools: true, completionTokens: false, temperature: true };

type Change = (s: RequestShape) => RequestShape;

const CHANGES: Record<'stream_options' | 'max_tokens' | 'temperature' | 'tools', Change> = {
  stream_options: (s) => ({ ...s, streamOptions: false }),
  max_tokens: (s) => ({ ...s, completionTokens: true }),
  temperature: (s) => ({ ...s, temperature: false }),
  tools: (s) => ({ ...s, tools: false }),
};

/** The `param` names servers use for each field. */
const CHANGE_OF_PARAM: Record<string, keyof typeof CHANGES> = {
  stream_options: 'stream_options',
  'stream_options.include_usage': 'stream_options',
  max_tokens: 'max_tokens',
  temperature: 'temperature',
  tools: 'tools',
  tool_choice: 'tools',
};

const same = (a: RequestShape, b: RequestShape): boolean =>
  a.streamOptions === b.streamOptions && a.tools === b.tools && a.completionTokens === b.completionTokens && a.temperature === b.temperature;

export class ModelQuirks {
  #byModel = new Map<string, RequestShape>();

  /** The shape to send to `model` (everything, until the server refused something). */
  shape(model: string): RequestShape {
    return this.#byModel.get(model) ?? FULL_SHAPE;
  }

  /**
   * The shapes worth trying after `error` refused `current`, best first; empty when the error is not a
   * refusal of the request (not a 400/422) or nothing optional is left to change.
   */
  alternatives(current: RequestShape, error: ClassifiedError, hasTools: boolean): RequestShape[] {
    if (error.kind !== 'bad_request') return [];
    const named = error.param ? CHANGE_OF_PARAM[error.param] : undefined;
    const relevant = (Object.keys(CHANGES) as (keyof typeof CHANGES)[]).filter((k) => k !== 'tools' || hasTools);
    const candidates = named ? [CHANGES[named](current)] : [...relevant.map((k) => CHANGES[k](current)), relevant.reduce((s, k) => CHANGES[k](s), current)];
    const out: RequestShape[] = [];
    for (const c of candidates) if (!same(c, current) && !out.some((o) => same(o, c))) out.push(c);
    return out;
  }

  /** Remembers the shape `model` accepted. */
  remember(model: string, shape: RequestShape): void {
    this.#byModel.set(model, shape);
  }
}
