// A scripted OpenAI-compatible HTTP server for tests: real HTTP, SSE streaming, split tool-call deltas,
// errors, delays and hangs. Every request is recorded so tests can assert what the model was sent.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { reasoningDelta, refusal, toolCallDeltas, type ServerQuirks } from './server-quirks';

export type { ServerQuirks } from './server-quirks';

export interface ScriptedToolCall {
  name: string;
  /** An object is JSON-encoded; a string is sent as is (so tests can send broken JSON). */
  arguments: string | Record<string, unknown>;
  id?: string;
}

export interface ScriptedStep {
  /** The answer text; an array is sent as separate chunks. */
  text?: string | string[];
  toolCalls?: ScriptedToolCall[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens?: number };
  /** Delay before the response starts. */
  delayMs?: number;
  /** Delay between chunks. */
  chunkDelayMs?: number;
  /** Answer with this HTTP status and an OpenAI-style error body instead of a stream. */
  status?: number;
  errorMessage?: string;
  headers?: Record<string, string>;
  /** Never answer (the client must time out or cancel). */
  hang?: boolean;
  /** Send a few chunks, then destroy the socket. */
  dropAfterChunks?: number;
  /** Send a few chunks, then end the response cleanly, without finish_reason and [DONE]. */
  cutAfterChunks?: number;
  /** Send a few chunks, then nothing more while the connection stays open (a server that stalls mid-answer). */
  stallAfterChunks?: number;
  /**
   * Pauses in the stream: after `afterChunks` chunks (the role chunk counts as the first) send nothing more until
   * `until` settles, then go on. A test holds the rest of an answer until it has seen what it looks for on screen,
   * so nothing depends on how fast the page renders (see `gate()`).
   */
  holds?: { afterChunks: number; until: Promise<unknown> }[];
  /** After this many chunks, send an error object inside the stream (OpenRouter's mid-stream errors) and end. */
  streamError?: { afterChunks: number; error: Record<string, unknown> };
  /** Answer 200 with this body instead of a completion (an HTML page behind a wrong base URL, an empty stream). */
  rawBody?: { contentType: string; body: string };
  /** Reasoning before the answer; where it goes depends on the server's `reasoningAs` quirk. */
  reasoning?: string | string[];
  finishReason?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export type Responder = (request: RecordedRequest, index: number) => ScriptedStep | undefined;

export interface ScriptedLlm {
  /** Base URL to configure as a provider's baseUrl (ends in /v1). */
  baseUrl: string;
  /** Chat-completion requests received, in order. */
  requests: RecordedRequest[];
  /** GET /models requests received, in order. */
  modelRequests: RecordedRequest[];
  /** Queue steps, consumed one per chat-completion request. */
  enqueue(...steps: ScriptedStep[]): void;
  /** Answer requests the queue does not cover. */
  setFallback(responder: Responder | ScriptedStep | undefined): void;
  /** Bend the protocol like a real server (reset after each test by the harnesses). */
  setQuirks(quirks: ServerQuirks): void;
  /** How many chat-completion requests are still waiting for a queued step. */
  pending(): number;
  /** Drops the queued steps no request consumed. */
  clearQueue(): void;
  models: string[];
  close(): Promise<void>;
}

function chunk(id: string, model: string, delta: Record<string, unknown>, finish: string | null = null): string {
  const payload = {
    id,
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

function splitInto(text: string, parts: number): string[] {
  if (text.length < parts) return [text];
  const size = Math.ceil(text.length / parts);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A promise a test opens when it is ready (for a step's `holds`). */
export interface Gate {
  promise: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

export async function startScriptedLlm(options: { port?: number; quirks?: ServerQuirks } = {}): Promise<ScriptedLlm> {
  let quirks: ServerQuirks = options.quirks ?? {};
  const queue: ScriptedStep[] = [];
  const requests: RecordedRequest[] = [];
  const modelRequests: RecordedRequest[] = [];
  let fallback: Responder | undefined;
  const sockets = new Set<import('node:net').Socket>();
  const models = ['fake-model', 'fake-model-large'];

  async function readBody(req: IncomingMessage): Promise<any> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    try {
      return text ? JSON.parse(text) : undefined;
    } catch {
      return text;
    }
  }

  function thinkPieces(reasoning: string[]): string[] {
    // Tags cut across chunks on purpose: clients must not depend on a tag arriving whole.
    return ['<thi', `nk>${reasoning[0] ?? ''}`, ...reasoning.slice(1), '</th', 'ink>\n\n'];
  }

  async function streamStep(res: ServerResponse, step: ScriptedStep, body: any, index: number): Promise<void> {
    const id = `chatcmpl-${index}`;
    const model = String(body?.model ?? 'fake-model');
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...step.headers });
    if (quirks.commentsBeforeFirstChunk) {
      const { everyMs, forMs } = quirks.commentsBeforeFirstChunk;
      for (let waited = 0; waited < forMs && !res.destroyed; waited += everyMs) {
        res.write(': OPENROUTER PROCESSING\n\n');
        await sleep(everyMs);
      }
    }
    const pieces: string[] = [];
    pieces.push(chunk(id, model, { role: 'assistant', content: '' }));
    const reasoning = step.reasoning === undefined ? [] : Array.isArray(step.reasoning) ? step.reasoning : [step.reasoning];
    const reasoningParts = quirks.reasoningAs === 'think_tags' && reasoning.length ? thinkPieces(reasoning) : reasoning;
    for (const r of reasoningParts) pieces.push(chunk(id, model, reasoningDelta(quirks, r)));
    const texts = step.text === undefined ? [] : Array.isArray(step.text) ? step.text : [step.text];
    for (const t of texts) pieces.push(chunk(id, model, { content: t }));
    const calls = (step.toolCalls ?? []).map((call, i) => ({
      id: call.id ?? `call_${index}_${i}`,
      name: call.name,
      args: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    }));
    for (const deltas of toolCallDeltas(quirks, calls, (a) => splitInto(a, 3))) pieces.push(chunk(id, model, { tool_calls: deltas }));
    const finish = step.finishReason ?? (step.toolCalls?.length ? 'tool_calls' : 'stop');
    pieces.push(chunk(id, model, {}, finish));
    if (body?.stream_options?.include_usage) {
      const u = step.usage ?? { prompt_tokens: 10, completion_tokens: 5 };
      const usage = { ...u, total_tokens: u.total_tokens ?? u.prompt_tokens + u.completion_tokens };
      pieces.push(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [], usage })}\n\n`);
    }
    if (!quirks.noDone) pieces.push('data: [DONE]\n\n');
    let sent = 0;
    for (const piece of pieces) {
      if (step.dropAfterChunks !== undefined && sent >= step.dropAfterChunks) {
        res.socket?.destroy();
        return;
      }
      if (step.cutAfterChunks !== undefined && sent >= step.cutAfterChunks) break;
      if (step.stallAfterChunks !== undefined && sent >= step.stallAfterChunks) return; // close() destroys the socket
      if (step.streamError && sent >= step.streamError.afterChunks) {
        res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1_700_000_000, model, error: step.streamError.error, choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }] })}\n\n`);
        break;
      }
      for (const hold of step.holds ?? []) if (hold.afterChunks === sent) await hold.until;
      if (res.destroyed) return;
      res.write(piece);
      sent++;
      if (step.chunkDelayMs) await sleep(step.chunkDelayMs);
    }
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'GET' && path.endsWith('/models')) {
      modelRequests.push({ method: 'GET', path, headers: req.headers, body: undefined });
      if (quirks.noModelList === '404') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: '404', message: 'Resource not found' } }));
        return;
      }
      if (quirks.noModelList === 'html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>Dashboard</title>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'test' })) }));
      return;
    }
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
      return;
    }
    const body = await readBody(req);
    const record: RecordedRequest = { method: req.method ?? 'POST', path, headers: req.headers, body };
    requests.push(record);
    const index = requests.length - 1;
    const search = new URL(req.url ?? '/', 'http://x').searchParams;
    const refused = refusal(quirks, body ?? {}, path, search, req.headers);
    if (refused) {
      res.writeHead(refused.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(refused.json));
      return;
    }
    const step = queue.shift() ?? fallback?.(record, index);
    if (!step) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'scripted server: no response queued', type: 'server_error' } }));
      return;
    }
    if (step.delayMs) await sleep(step.delayMs);
    if (step.hang) return; // keep the socket open; close() destroys it
    if (step.status && step.status >= 400) {
      res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
      res.end(JSON.stringify({ error: { message: step.errorMessage ?? `scripted error ${step.status}`, type: 'error', code: null } }));
      return;
    }
    if (step.rawBody) {
      res.writeHead(200, { 'content-type': step.rawBody.contentType });
      res.end(step.rawBody.body);
      return;
    }
    if (body?.stream === false) {
      // Non-streaming request: answer with a plain completion.
      const texts = step.text === undefined ? [] : Array.isArray(step.text) ? step.text : [step.text];
      const u = step.usage ?? { prompt_tokens: 10, completion_tokens: 5 };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${index}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: body?.model ?? 'fake-model',
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: texts.join('') || null,
                tool_calls: step.toolCalls?.map((c, i) => ({
                  id: c.id ?? `call_${index}_${i}`,
                  type: 'function',
                  function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) },
                })),
              },
              finish_reason: step.toolCalls?.length ? 'tool_calls' : 'stop',
            },
          ],
          usage: { ...u, total_tokens: u.total_tokens ?? u.prompt_tokens + u.completion_tokens },
        }),
      );
      return;
    }
    await streamStep(res, step, body, index);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    modelRequests,
    models,
    enqueue: (...steps) => queue.push(...steps),
    setFallback(responder) {
      fallback = typeof responder === 'function' ? responder : responder ? () => responder : undefined;
    },
    pending: () => queue.length,
    clearQueue: () => void queue.splice(0),
    setQuirks(next) {
      quirks = next;
    },
    async close() {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
