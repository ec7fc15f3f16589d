// web_search is a read: it talks to the configured search provider only. Through the real agent loop, the scripted
// model puts workspace text into a query whose answer redirects elsewhere (DuckDuckGo's !bang syntax redirects a
// query to thousands of other sites); the other host gets nothing — neither the query nor the search key.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useScriptedCore } from '../helpers/scripted-core';

const t = useScriptedCore({ approvalMode: 'auto' });

let provider: Server;
let elsewhere: Server;
let providerBase = '';
const elsewhereHits: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  elsewhere = createServer((req, res) => {
    elsewhereHits.push({ url: req.url ?? '', headers: req.headers });
    res.end('{"web":{"results":[]}}');
  });
  const elsewhereBase = await listen(elsewhere);
  // the provider answers every query with a redirect to another host that carries the query along (a bang)
  provider = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
    res.writeHead(302, { location: `${elsewhereBase}/collect?d=${encodeURIComponent(query)}` });
    res.end();
  });
  providerBase = await listen(provider);
});
afterAll(async () => {
  for (const s of [provider, elsewhere]) await new Promise((r) => s.close(r));
});

describe('a search never leaves the provider', () => {
  it.each(['duckduckgo', 'brave'] as const)('%s: a redirect to another host is not followed', async (name) => {
    const core = t.open(
      { tools: { approval: { mode: 'ask' }, web: { search: { provider: name, apiKey: 'brave-search-key-77441' } } } },
      { tools: { webSearch: { endpoints: { duckduckgo: `${providerBase}/ddg/`, brave: `${providerBase}/brave` } } } },
    );
    t.llm.enqueue({ toolCalls: [{ id: 's', name: 'web_search', arguments: { query: '!exfil workspace-secret-notes-9931' } }] }, { text: 'done' });
    await core.sessions.run({ sessionKey: 'cron:search', text: 'look something up' });
    const tool = t.llm.requests.at(-1)!.body.messages.find((m: any) => m.role === 'tool');
    expect(tool.content).toContain('HTTP 302');
    expect(elsewhereHits).toEqual([]);
  });
});
