// The switches of the scripted server that make it behave like a real OpenAI-compatible server that bends the
// protocol (see tests/compat/README.md for what each imitates and where that behaviour is documented).

export interface ServerQuirks {
  /** Tool-call deltas carry no `index` (Ollama's /v1 before it added one: ollama/ollama#7881). */
  toolCallsWithoutIndex?: boolean;
  /** Every tool call of a response has `index: 0` (Ollama's parallel calls: ollama/ollama#15457, vercel/ai#14277). */
  toolCallIndexZero?: boolean;
  /** Each call arrives whole in one delta instead of argument fragments (Ollama, LM Studio for some models). */
  wholeToolCalls?: boolean;
  /** Later deltas of a call repeat its name (`name`) or send an empty one (`empty`: LM Studio, lmstudio-bug-tracker#649). */
  repeatToolName?: 'name' | 'empty';
  /** Refuse `stream_options` with 400: `vllm` (pydantic extra_forbidden, no param) or `azure` (param: stream_options). */
  rejectStreamOptions?: 'vllm' | 'azure';
  /** Refuse any request with `tools`: Ollama's 400 "<model> does not support tools" (param and code null). */
  rejectTools?: boolean;
  /** Refuse `max_tokens` (param: max_tokens) and a non-default `temperature` (param: temperature): OpenAI o-series. */
  reasoningModelParams?: boolean;
  /** 400 when an assistant message's tool-call arguments are not valid JSON (vLLM and Ollama parse them). */
  strictHistory?: boolean;
  /** Where a step's `reasoning` goes: a delta field, or `<think>` tags inside the content (Qwen3 on Ollama). */
  reasoningAs?: 'reasoning_content' | 'reasoning' | 'think_tags';
  /**
   * DeepSeek's thinking mode: 400 when an assistant message with tool calls lacks `reasoning_content`
   * ("The reasoning_content in the thinking mode must be passed back to the API").
   */
  requireReasoningEcho?: boolean;
  /** SSE comments (`: OPENROUTER PROCESSING`) sent every `everyMs` for `forMs` before the first chunk. */
  commentsBeforeFirstChunk?: { everyMs: number; forMs: number };
  /** Azure: the path must carry `?api-version=` and the key comes in an `api-key` header. */
  azure?: { apiVersion: string; apiKey: string };
  /** No `data: [DONE]` at the end (the finish_reason alone ends the answer). */
  noDone?: boolean;
  /** GET /models is missing: a 404 error object (Azure deployment URLs, some local servers) or an HTML page. */
  noModelList?: '404' | 'html';
}

type Body = Record<string, any>;

/** Why the server refuses this request under its quirks: a status and an error object in that server's shape. */
export function refusal(quirks: ServerQuirks, body: Body, path: string, search: URLSearchParams, headers: Record<string, unknown>): { status: number; json: unknown } | undefined {
  if (quirks.azure) {
    if (search.get('api-version') !== quirks.azure.apiVersion) {
      return { status: 404, json: { error: { code: '404', message: 'Resource not found' } } };
    }
    if (headers['api-key'] !== quirks.azure.apiKey) {
      return { status: 401, json: { error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint.' } } };
    }
  }
  if (quirks.rejectStreamOptions && body.stream_options) {
    return quirks.rejectStreamOptions === 'azure'
      ? { status: 400, json: { error: { message: "Unknown parameter: 'stream_options'.", type: 'invalid_request_error', param: 'stream_options', code: 'unknown_parameter' } } }
      : { status: 400, json: { object: 'error', message: "[{'type': 'extra_forbidden', 'loc': ('body', 'stream_options'), 'msg': 'Extra inputs are not permitted'}]", type: 'BadRequestError', param: null, code: 400 } };
  }
  if (quirks.rejectTools && Array.isArray(body.tools) && body.tools.length) {
    return { status: 400, json: { error: { message: `registry.ollama.ai/library/${body.model} does not support tools`, type: 'api_error', param: null, code: null } } };
  }
  if (quirks.reasoningModelParams && body.max_tokens !== undefined) {
    return { status: 400, json: { error: { message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", type: 'invalid_request_error', param: 'max_tokens', code: 'unsupported_parameter' } } };
  }
  if (quirks.reasoningModelParams && body.temperature !== undefined && body.temperature !== 1) {
    return { status: 400, json: { error: { message: `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`, type: 'invalid_request_error', param: 'temperature', code: 'unsupported_value' } } };
  }
  const messages: Body[] = Array.isArray(body.messages) ? body.messages : [];
  for (const [i, m] of messages.entries()) {
    if (m.role !== 'assistant' || !Array.isArray(m.tool_calls)) continue;
    if (quirks.strictHistory) {
      for (const call of m.tool_calls) {
        try {
          JSON.parse(call.function?.arguments ?? '');
        } catch {
          return { status: 400, json: { object: 'error', message: `Invalid JSON in tool call arguments at message ${i}`, type: 'BadRequestError', param: null, code: 400 } };
        }
      }
    }
    if (quirks.requireReasoningEcho && typeof m.reasoning_content !== 'string') {
      return { status: 400, json: { error: { message: 'The `reasoning_content` in the thinking mode must be passed back to the API.', type: 'invalid_request_error', param: null, code: 'invalid_request_error' } } };
    }
  }
  void path;
  return undefined;
}

export interface CallPiece {
  id: string;
  name: string;
  args: string;
}

/** The tool-call deltas of one response under the quirks (argument fragments unless `wholeToolCalls`). */
export function toolCallDeltas(quirks: ServerQuirks, calls: CallPiece[], split: (text: string) => string[]): Record<string, unknown>[][] {
  const chunks: Record<string, unknown>[][] = [];
  calls.forEach((call, i) => {
    const index = quirks.toolCallsWithoutIndex ? {} : { index: quirks.toolCallIndexZero ? 0 : i };
    const parts = quirks.wholeToolCalls ? [call.args] : split(call.args);
    parts.forEach((part, n) => {
      const later = n > 0;
      const name = !later ? call.name : quirks.repeatToolName === 'name' ? call.name : quirks.repeatToolName === 'empty' ? '' : undefined;
      const fn = { ...(name !== undefined ? { name } : {}), arguments: part };
      chunks.push([{ ...index, ...(!later ? { id: call.id, type: 'function' } : {}), function: fn }]);
    });
  });
  return chunks;
}

/** Where a step's reasoning text goes in the stream. */
export function reasoningDelta(quirks: ServerQuirks, text: string): Record<string, unknown> {
  if (quirks.reasoningAs === 'reasoning') return { reasoning: text };
  if (quirks.reasoningAs === 'think_tags') return { content: text };
  return { reasoning_content: text };
}
