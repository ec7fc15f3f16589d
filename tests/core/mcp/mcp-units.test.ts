// Pure parts of the MCP client: tool naming, result conversion, the circuit breaker, tool wrapping.
import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from '../../../src-main/core/mcp/circuit-breaker';
import { toToolResult } from '../../../src-main/core/mcp/mcp-result';
import { createMcpTool, mcpServerOf, mcpToolCategory } from '../../../src-main/core/mcp/mcp-tool';
import { assignToolNames, baseToolName, sanitizeNamePart, serverNameParts, toolRefKey } from '../../../src-main/core/mcp/tool-naming';
import { stdioParameters } from '../../../src-main/core/mcp/mcp-transport';
import { mcpServerSchema } from '../../../src-preload/contract/config-schema';
import { toolParameters } from '../../../src-main/core/tools/tool-registry';
import { defineTool, ok } from '../../../src-main/core/tools/tool';
import { z } from 'zod';
import { FakeClock } from '../../helpers/fake-clock';
import { buildToolSet } from '../../../src-main/core/mcp/mcp-tool-set';
import type { McpConnection } from '../../../src-main/core/mcp/mcp-connection';
import { EMPTY_CATALOG } from '../../../src-main/core/mcp/server-catalog';
import { mcpToolOf } from '../../../src-main/core/tools/approvals/mcp-tool-rule';

const NAME_RULE = /^[a-zA-Z0-9_-]{1,64}$/;

describe('tool naming', () => {
  it('sanitises to the characters models accept', () => {
    expect(sanitizeNamePart('read file/v2.1 ü')).toBe('read_file_v2_1__');
    expect(sanitizeNamePart('')).toBe('_');
    expect(baseToolName('files', 'read')).toBe('mcp_files_read');
    expect(baseToolName('my server', 'get.thing')).toBe('mcp_my_server_get_thing');
  });

  it('cuts long names to 64 characters with a stable hash', () => {
    const long = baseToolName('server', 'x'.repeat(100));
    expect(long).toMatch(NAME_RULE);
    expect(long).toHaveLength(64);
    expect(long).toBe(baseToolName('server', 'x'.repeat(100)));
    expect(long).not.toBe(baseToolName('server', `${'x'.repeat(99)}y`));
  });

  it('resolves collisions the same way whatever the input order', () => {
    const refs = [
      { server: 'a_b', tool: 'c' },
      { server: 'a.b', tool: 'c' },
      { server: 'a', tool: 'b_c' },
    ];
    const forward = assignToolNames(refs);
    const backward = assignToolNames([...refs].reverse());
    expect([...forward.entries()].sort()).toEqual([...backward.entries()].sort());
    // 'a.b' and 'a_b' clean alike: both carry a hash of their real name, so 'a' (with b_c) keeps the plain name.
    expect(forward.get(toolRefKey({ server: 'a', tool: 'b_c' }))).toBe('mcp_a_b_c');
    const names = [...forward.values()];
    expect(new Set(names).size).toBe(3);
    for (const n of names) expect(n).toMatch(NAME_RULE);
    expect(forward.get(toolRefKey({ server: 'a.b', tool: 'c' }))).toMatch(/^mcp_a_b_[0-9a-f]{6}_c$/);
    expect(forward.get(toolRefKey({ server: 'a_b', tool: 'c' }))).toMatch(/^mcp_a_b_[0-9a-f]{6}_c$/);
  });

  it('gives servers whose names clean alike a name of their own, whether or not the other is connected', () => {
    const alone = assignToolNames([{ server: 'my_files', tool: 'read' }], new Set(), ['my_files', 'my.files']);
    const both = assignToolNames([{ server: 'my_files', tool: 'read' }, { server: 'my.files', tool: 'read' }]);
    const mine = alone.get(toolRefKey({ server: 'my_files', tool: 'read' }));
    expect(mine).toMatch(/^mcp_my_files_[0-9a-f]{6}_read$/);
    expect(both.get(toolRefKey({ server: 'my_files', tool: 'read' }))).toBe(mine);
    expect(both.get(toolRefKey({ server: 'my.files', tool: 'read' }))).not.toBe(mine);
    expect(serverNameParts(['files', 'my_files', 'my.files']).get('files')).toBe('files');
  });

  it('never hands out reserved names', () => {
    const names = assignToolNames([{ server: 'x', tool: 'y' }], new Set(['mcp_x_y']));
    expect(names.get(toolRefKey({ server: 'x', tool: 'y' }))).toMatch(/^mcp_x_y_[0-9a-f]{6}$/);
  });
});

describe('result conversion', () => {
  const image = { type: 'image', data: 'AAAA', mimeType: 'image/jpeg' };

  it('joins text and attaches images for vision models', () => {
    expect(toToolResult({ content: [{ type: 'text', text: 'a' }, image, { type: 'text', text: 'b' }] }, true)).toEqual({
      ok: true,
      output: 'a\nb',
      images: [{ mimeType: 'image/jpeg', data: 'AAAA' }],
    });
  });

  it('notes images, audio and binary resources for other models; decodes text that came as binary; names resource links', () => {
    const result = toToolResult(
      {
        content: [
          image,
          { type: 'audio', data: 'x', mimeType: 'audio/wav' },
          { type: 'resource_link', uri: 'file:///a.txt', name: 'a' },
          { type: 'resource', resource: { uri: 'file:///b.txt', text: 'inline text' } },
          { type: 'resource', resource: { uri: 'file:///c.bin', blob: 'AA', mimeType: 'application/zip' } },
          { type: 'resource', resource: { uri: 'file:///d.json', blob: Buffer.from('{"a":1}').toString('base64'), mimeType: 'application/json' } },
        ],
      },
      false,
    );
    expect(result).toEqual({
      ok: true,
      output: [
        '[image (image/jpeg) omitted: the current model cannot view images]',
        '[audio (audio/wav) omitted: audio is not supported]',
        '[resource link: file:///a.txt (a) — read it with the read tool of this MCP server]',
        'inline text',
        '[binary content file:///c.bin (application/zip, 1 bytes): not shown]',
        '{"a":1}',
      ].join('\n'),
    });
  });

  it('maps isError to an error value and uses structured content when there is no text', () => {
    expect(toToolResult({ content: [{ type: 'text', text: 'bad input' }], isError: true }, false)).toEqual({ ok: false, error: { code: 'failed', message: 'Error: bad input' } });
    expect(toToolResult({ content: [], isError: true }, false)).toEqual({ ok: false, error: { code: 'failed', message: 'Error: the MCP tool failed without a message' } });
    expect(toToolResult({ content: [], structuredContent: { n: 1 } }, false)).toEqual({ ok: true, output: '{"n":1}' });
    expect(toToolResult({ content: [] }, false)).toEqual({ ok: true, output: '(no output)' });
  });
});

describe('circuit breaker', () => {
  it('opens after 3 failures for 60 s and closes on success', () => {
    const clock = new FakeClock(0);
    const breaker = new CircuitBreaker(clock);
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.isOpen()).toBe(false);
    breaker.recordFailure();
    expect(breaker.isOpen()).toBe(true);
    expect(breaker.retryAt()).toBe(60_000);
    clock.advance(60_000);
    expect(breaker.isOpen()).toBe(false);
    breaker.recordFailure(); // the half-open try failed: open again
    expect(breaker.retryAt()).toBe(120_000);
    clock.advance(60_000);
    breaker.recordSuccess();
    expect(breaker.consecutiveFailures).toBe(0);
    expect(breaker.isOpen()).toBe(false);
  });
});

describe('tool wrapping', () => {
  const definition = {
    name: 'search',
    description: 'Search things.',
    inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false },
  };

  it("gives the model the server's own schema and keeps its server name", () => {
    const tool = createMcpTool({ name: 'mcp_s_search', server: 's', definition, trusted: false, call: async () => ok('') });
    expect(toolParameters(tool)).toEqual({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false });
    expect(mcpServerOf(tool)).toBe('s');
    const builtin = defineTool({ name: 'read_file', description: '', params: z.object({}), run: async () => ok('') });
    expect(mcpServerOf(builtin)).toBeUndefined();
  });

  it('picks the approval category: read only for readOnlyHint on a trusted server', () => {
    expect(mcpToolCategory(definition, false)).toBe('command');
    expect(mcpToolCategory(definition, true)).toBe('command');
    expect(mcpToolCategory({ ...definition, annotations: { readOnlyHint: true } }, false)).toBe('command');
    expect(mcpToolCategory({ ...definition, annotations: { readOnlyHint: true } }, true)).toBe('read');
    expect(mcpToolCategory({ ...definition, annotations: { readOnlyHint: false } }, true)).toBe('command');
  });
});

describe('stdio parameters', () => {
  it('passes only the configured env and resolves cwd against the home folder', () => {
    const config = mcpServerSchema.parse({ command: 'node', args: ['s.js'], env: { TOKEN_FOR_SERVER: 'x' }, cwd: 'servers' });
    expect(stdioParameters(config, '/home/me/.nanotray')).toEqual({
      command: 'node',
      args: ['s.js'],
      env: { TOKEN_FOR_SERVER: 'x' },
      cwd: '/home/me/.nanotray/servers',
      stderr: 'pipe',
    });
    expect(stdioParameters(mcpServerSchema.parse({ command: 'node' }), '/h').cwd).toBe('/h');
  });
});

describe('the resource reader name', () => {
  it("a server's own tool named resources/read is not offered, so a rule for reading its resources covers no tool", () => {
    const connection = {
      name: 'x',
      config: mcpServerSchema.parse({ command: 'node' }),
      tools: [{ name: 'resources/read' }, { name: 'echo' }],
      snapshot: () => ({ state: 'connected' }),
      catalog: { ...EMPTY_CATALOG, offers: { ...EMPTY_CATALOG.offers, resources: true } },
    } as unknown as McpConnection;
    const set = buildToolSet([connection], 100, 0);
    const owned = set.tools.map((tool) => mcpToolOf(tool)?.tool);
    expect(owned).toEqual(['echo']);
    expect(set.resourceTools.map((tool) => mcpToolOf(tool)?.tool)).toContain('resources/read');
    expect(set.hidden.get('x')?.filtered).toBe(1);
  });
});
