// Resources are server text, through the real agent loop: what the model reads comes behind the untrusted marker;
// a URI the model makes up (a filled-in template can carry data out) is not read on an untrusted server where
// nobody can approve it — the server receives nothing — while a URI the server listed is read freely.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { untrustedBanner } from '../../src-main/core/tools/untrusted';
import { recordedToolResult } from '../helpers/recorded-tool-result';
import { useScriptedCore } from '../helpers/scripted-core';
import { depthServer, openScriptedWithServers } from '../core/mcp/mcp-test-kit';
import { NOTE_TEXT } from '../fixtures/mcp/depth-fixture.mjs';

const t = useScriptedCore({ approvalMode: 'auto' });

const toolResult = (id: string): string => recordedToolResult(t.llm.requests, id);

describe('MCP resources through the agent loop', () => {
  it('a listed resource is read behind the marker; a made-up URI is refused unasked and never reaches the server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nanotray-res-sec-'));
    const log = join(dir, 'd.log');
    const core = await openScriptedWithServers(t, { d: depthServer('d', { env: { FIXTURE_LOG: log } }) });
    try {
      t.llm.enqueue(
        {
          toolCalls: [
            { id: 'r1', name: 'mcp_d__read_resource', arguments: { uri: 'note://notes' } },
            { id: 'r2', name: 'mcp_d__read_resource', arguments: { uri: 'note://by-id/user-salary-120k' } },
          ],
        },
        { text: 'Done.' },
      );
      await core.sessions.run({ sessionKey: 'cron:job', text: 'read my notes', interactive: false });
      expect(toolResult('r1')).toBe(`${untrustedBanner("MCP server 'd' (resource note://notes)")}\n\n${NOTE_TEXT}`);
      expect(toolResult('r2')).toContain('needs the user');
      const received = existsSync(log) ? readFileSync(log, 'utf8') : '';
      expect(received).toContain('d read note://notes');
      expect(received).not.toContain('salary');
    } finally {
      await core.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
