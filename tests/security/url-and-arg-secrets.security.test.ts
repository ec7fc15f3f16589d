// Secrets that travel inside a URL (a password, `?api-key=…`) or an MCP server's command line (`--token …`),
// through the real CLI: `nanotray status` shows them masked, and when the scripted model reads a file that holds
// them (through the real agent loop), the tool result it gets has them scrubbed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliHarness } from '../host/cli/cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });

const QUERY_KEY = 'querysecret1234567890';
const URL_PASSWORD = 'hunter2urlpassword';
const ARG_TOKEN = 'ghp_argsecret1234567890abcdefgh';
const ARG_KEY = 'mcp-arg-api-key-0042-zz';
const MCP_URL_TOKEN = 'mcpurltoken1234567890';
const ALL = [QUERY_KEY, URL_PASSWORD, ARG_TOKEN, ARG_KEY, MCP_URL_TOKEN];

function open(baseUrl = `${t.llm.baseUrl}?api-key=${QUERY_KEY}`) {
  return t.open({
    providers: { test: { apiKey: 'sk-test-secret-key-123456', baseUrl } },
    tools: { approval: { mode: 'auto' } },
    mcpServers: {
      gh: { command: 'node', args: ['server.js', '--token', ARG_TOKEN, `API_KEY=${ARG_KEY}`, '--verbose'], enable: false },
      remote: { url: `https://mcp.example/mcp?token=${MCP_URL_TOKEN}`, enable: false },
    },
  });
}

describe('secrets inside URLs and command lines', () => {
  it('nanotray status shows a provider URL with its query key masked', async () => {
    open(`https://me:${URL_PASSWORD}@llm.example/v1?api-key=${QUERY_KEY}&deployment=gpt`);
    const io = await t.run(['status']);
    expect(io.out).toContain('provider:  test (https://me:••••@llm.example/v1?api-key=••••&deployment=gpt; key …3456)');
    for (const secret of ALL) expect(io.out + io.err).not.toContain(secret);
  });

  it('a file that holds them reaches the model scrubbed', async () => {
    const home = open();
    writeFileSync(join(home.workspace, 'notes.txt'), `copied from config: ${ALL.join(' ')}\n`);
    t.llm.enqueue({ toolCalls: [{ id: 'r', name: 'read_file', arguments: { path: 'notes.txt' } }] }, { text: 'done' });
    const io = await t.run(['agent', '-m', 'read my notes']);
    expect(io.code).toBe(0);
    const tool = t.llm.requests.at(-1)!.body.messages.find((m: any) => m.role === 'tool');
    expect(tool.content).toContain('copied from config:');
    for (const secret of ALL) expect(tool.content).not.toContain(secret);
  });
});
