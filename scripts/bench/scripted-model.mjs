// A minimal OpenAI-compatible model for the benches, on 127.0.0.1: answers every chat completion with the same
// short text, streamed (SSE) when the request asks for a stream, else as one JSON body. Counts requests, and
// remembers how many messages the last one carried.
import { createServer } from 'node:http';

const ANSWER = ['Hello', ' from the bench.'];

function chunk(delta, finish = null) {
  return `data: ${JSON.stringify({ id: 'bench', object: 'chat.completion.chunk', created: 1, model: 'bench-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

function parse(body) {
  try {
    return JSON.parse(body || '{}');
  } catch {
    return {}; // answered like any other request
  }
}

function answer(res, request) {
  if (request.stream === true) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk({ role: 'assistant', content: ANSWER[0] }));
    for (const part of ANSWER.slice(1)) res.write(chunk({ content: part }));
    res.write(chunk({}, 'stop'));
    res.end('data: [DONE]\n\n');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({
    id: 'bench',
    object: 'chat.completion',
    created: 1,
    model: 'bench-model',
    choices: [{ index: 0, message: { role: 'assistant', content: ANSWER.join('') }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 },
  }));
}

/** Starts the server on a free loopback port; `baseUrl` ends in /v1. */
export function startScriptedModel() {
  let requests = 0;
  let lastMessages = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      requests++;
      const request = parse(body);
      lastMessages = Array.isArray(request.messages) ? request.messages.length : 0;
      answer(res, request);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
        requests: () => requests,
        lastMessages: () => lastMessages,
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}
