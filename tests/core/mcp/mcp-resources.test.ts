// MCP resources against a real server process (the depth fixture): list_resources and the server's read tool,
// text, pictures and binary bounded and marked untrusted, reads of unlisted URIs asked like tools on untrusted
// servers, subscriptions with a "changed since you read it" mark, and resource links a result names.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { categoryOf } from '../../../src-main/core/tools/approvals/approval-service';
import { untrustedBanner } from '../../../src-main/core/tools/untrusted';
import { NOTE_TEXT } from '../../fixtures/mcp/depth-fixture.mjs';
import { PIXEL_PNG_BASE64 } from '../../fixtures/mcp/fixture-tools.mjs';
import { depthServer, useLoggedCores, type McpTestCore } from './mcp-test-kit';

const open = useLoggedCores();
let t: McpTestCore | undefined;

async function resourceCore(server: Record<string, unknown> = {}, args: string[] = []): Promise<string> {
  const opened = open((log) => ({ d: depthServer('d', { env: { FIXTURE_LOG: log }, ...server }, args) }));
  t = opened.t;
  await t.core.mcp.waitForServers(10_000);
  return opened.log;
}

const READ = 'mcp_d__read_resource';
const fromResource = (uri: string, text: string) => ({ ok: true, output: `${untrustedBanner(`MCP server 'd' (resource ${uri})`)}\n\n${text}` });

describe('MCP resources', () => {
  it('a resources-only server is healthy and offers list_resources and its read tool', async () => {
    await resourceCore({}, ['--only', 'resources']);
    expect(t!.core.mcp.status()[0]).toMatchObject({ state: 'connected', toolCount: 0, resourceCount: 4 });
    expect(t!.core.tools.names().filter((n) => n === 'list_resources' || n.startsWith('mcp_'))).toEqual(['list_resources', READ]);
    const listed = await t!.core.tools.execute('list_resources', '{}', t!.ctx());
    expect(listed.ok && listed.output).toContain(untrustedBanner('MCP servers (their resource lists)'));
    expect(listed.ok && listed.output).toContain(`MCP server 'd' (read with ${READ}):\n- note://notes — Meeting notes (text/plain): The notes`);
    expect(listed.ok && listed.output).toContain('Templates (fill in the {…} parts and read the URI; the user is asked first):\n- note://by-id/{id} — A note by id (text/plain)');
  });

  it('reads text, decodes JSON sent as binary, and attaches a picture only for a vision model', async () => {
    await resourceCore();
    expect(await t!.core.tools.execute(READ, '{"uri":"note://notes"}', t!.ctx())).toEqual(fromResource('note://notes', NOTE_TEXT));
    expect(await t!.core.tools.execute(READ, '{"uri":"note://data.json"}', t!.ctx())).toEqual(fromResource('note://data.json', '{"ok":true}'));
    expect(await t!.core.tools.execute(READ, '{"uri":"note://pixel.png"}', t!.ctx())).toEqual(
      fromResource('note://pixel.png', `[image note://pixel.png (image/png, ${Buffer.from(PIXEL_PNG_BASE64, 'base64').length} bytes) omitted: the current model cannot view images]`),
    );
    expect(await t!.core.tools.execute(READ, '{"uri":"note://pixel.png"}', t!.ctx({ vision: true }))).toEqual({
      ...fromResource('note://pixel.png', '[image note://pixel.png (image/png) attached]'),
      images: [{ mimeType: 'image/png', data: PIXEL_PNG_BASE64 }],
    });
  });

  it('a listed URI is a read; a URI the model made up is a command on an untrusted server, a read on a trusted one', async () => {
    await resourceCore();
    const tool = t!.core.tools.get(READ)!;
    expect(categoryOf(tool, { uri: 'note://notes' }, t!.ctx())).toBe('read');
    expect(categoryOf(tool, { uri: 'note://by-id/7' }, t!.ctx())).toBe('command');
    expect(await t!.core.tools.execute(READ, '{"uri":"note://by-id/7"}', t!.ctx())).toEqual(fromResource('note://by-id/7', 'note 7'));
    await resourceCore({ trusted: true });
    expect(categoryOf(t!.core.tools.get(READ)!, { uri: 'note://by-id/7' }, t!.ctx())).toBe('read');
  });

  it('subscribes to what it read; a change is marked in the list until it is read again', async () => {
    const log = await resourceCore();
    await t!.core.tools.execute(READ, '{"uri":"note://notes"}', t!.ctx());
    await vi.waitFor(() => expect(readFileSync(log, 'utf8')).toContain('d subscribe note://notes'), { timeout: 5000, interval: 10 });
    await t!.core.tools.execute('mcp_d_touch', '{}', t!.ctx());
    const listed = async (): Promise<string> => {
      const r = await t!.core.tools.execute('list_resources', '{"server":"d"}', t!.ctx());
      return r.ok ? r.output : r.error.message;
    };
    await vi.waitFor(async () => expect(await listed()).toContain('- [changed since you read it] note://notes'), { timeout: 5000, interval: 20 });
    await t!.core.tools.execute(READ, '{"uri":"note://notes"}', t!.ctx());
    expect(await listed()).not.toContain('[changed since you read it]');
    expect(readFileSync(log, 'utf8').match(/d subscribe note:\/\/notes/g)).toHaveLength(1);
  });

  it('names resource links in a tool result and shows embedded contents like a read', async () => {
    await resourceCore();
    const result = await t!.core.tools.execute('mcp_d_link', '{}', t!.ctx());
    expect(result.ok && result.output.split('\n').slice(2)).toEqual([
      '[resource link: note://notes (notes, text/plain) — read it with the read tool of this MCP server]',
      '{"embedded":1}',
      '[binary content note://blob.bin (application/octet-stream, 4 bytes): not shown]',
    ]);
  });

  it('an unknown resource is the server’s error, marked as its words', async () => {
    await resourceCore();
    const result = await t!.core.tools.execute(READ, '{"uri":"note://nope"}', t!.ctx());
    expect(result).toMatchObject({ ok: false, error: { code: 'failed' } });
    expect(!result.ok && result.error.message).toContain(untrustedBanner("MCP server 'd' (resource note://nope)"));
    expect(t!.core.mcp.status()[0]).toMatchObject({ state: 'connected', consecutiveFailures: 0 });
  });
});
