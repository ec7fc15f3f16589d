// Nanotray's own files through the real agent loop (mode auto: nothing is asked, the boundary is what is left): with
// the workspace set to the home itself, the browser host's token (run/web-host.json), the MCP sign-ins
// (mcp-auth.json) and the rest of the home reach the model neither through the file tools nor through a sandboxed
// command; and a token another process wrote after this core started (a `nanotray web` started later, an `mcp login`)
// is scrubbed from any tool result in this core, which is not the browser host.
// Homes live under /var/tmp: the sandbox's private /tmp would hide a home under /tmp anyway.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useScriptedCore } from '../helpers/scripted-core';
import { recordedToolResult } from '../helpers/recorded-tool-result';

const t = useScriptedCore({ approvalMode: 'auto', tempRoot: '/var/tmp' });

const WEB_TOKEN = 'webHostToken_4242_abcdefghijklmnopqrstuvwxyz';
const ACCESS_TOKEN = 'mcpAccessToken-4242-abcdefghijklmnopqrstuvwxyz';
const REFRESH_TOKEN = 'mcpRefreshToken-4242-abcdefghijklmnopqrstuvwxyz';

/** What another process leaves in the home: a browser host's state and an MCP sign-in (stored plain, as the CLI does). */
function otherProcessWrites(home: string): void {
  mkdirSync(join(home, 'run'), { recursive: true, mode: 0o700 });
  writeFileSync(join(home, 'run', 'web-host.json'), JSON.stringify({ port: 4321, token: WEB_TOKEN }), { mode: 0o600 });
  const record = { serverUrl: 'https://mcp.example.org/mcp', tokens: { access_token: ACCESS_TOKEN, token_type: 'Bearer', refresh_token: REFRESH_TOKEN } };
  writeFileSync(join(home, 'mcp-auth.json'), JSON.stringify({ version: 1, servers: { remote: JSON.stringify(record) } }), { mode: 0o600 });
}

let calls = 0;
/** One turn with the given tool calls; returns what the model got back for each. */
async function modelCalls(core: ReturnType<typeof t.open>, ...toolCalls: Array<{ name: string; arguments: Record<string, unknown> }>): Promise<string[]> {
  const ids = toolCalls.map(() => `call_${++calls}`);
  t.llm.enqueue({ toolCalls: toolCalls.map((c, i) => ({ id: ids[i]!, ...c })) }, { text: 'done' });
  const result = await core.sessions.run({ sessionKey: 'cron:home', text: 'look around' });
  expect(result.stopReason).toBe('completed');
  return ids.map((id) => recordedToolResult(t.llm.requests, id));
}

const env = () => ({ HOME: '/var/tmp', PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' });

describe.each([true, false])('the workspace is the home (mode auto, restrictToWorkspace %s)', (restrict) => {
  it('no file tool and no sandboxed command hands over the browser token, the sign-ins or the settings', async () => {
    const core = t.open({ agent: { workspace: '.' }, tools: { approval: { mode: 'auto' }, restrictToWorkspace: restrict } }, { tools: { exec: { parentEnv: env() } } });
    expect(core.workspace()).toBe(t.home.home.replace(/\/$/, ''));
    otherProcessWrites(t.home.home);
    const told = await modelCalls(
      core,
      { name: 'read_file', arguments: { path: 'run/web-host.json' } },
      { name: 'read_file', arguments: { path: 'mcp-auth.json' } },
      { name: 'read_file', arguments: { path: './run/../config.json' } },
      { name: 'list_dir', arguments: { path: '.', recursive: true } },
      { name: 'exec', arguments: { command: 'ls -a; ls -a run; cat run/web-host.json mcp-auth.json config.json; base64 run/web-host.json mcp-auth.json' } },
      { name: 'write_file', arguments: { path: 'run/web-host.json', content: '{"port":1,"token":"attackerChosenToken_0000000000000000"}' } },
    );
    const all = told.join('\n');
    for (const secret of [WEB_TOKEN, ACCESS_TOKEN, REFRESH_TOKEN, 'sk-test-secret-key-123456', Buffer.from(WEB_TOKEN).toString('base64').slice(0, 20)]) {
      expect(all).not.toContain(secret);
    }
    expect(told[0]).toContain("is one of Nanotray's own files");
    expect(told[1]).toContain("is one of Nanotray's own files");
    expect(told[2]).toContain("is one of Nanotray's own files");
    // the listing shows the workspace's files, not Nanotray's
    expect(told[3]).toContain('AGENTS.md');
    expect(told[3]).not.toMatch(/^(run\/|mcp-auth\.json|config\.json|nanotray\.db)/m);
    expect(told[5]).toContain("is one of Nanotray's own files");
    // the sandboxed command saw neither file at all (not just a scrubbed token): no port, no server record
    expect(told[4]).not.toContain('4321');
    expect(told[4]).not.toContain('"servers"');
    expect(told[4]).not.toContain('eyJwb3J0Ijo0MzIx'); // base64 of {"port":4321
  });
});

describe('secrets another process wrote after this core started (a CLI-like core, not `nanotray web`)', () => {
  it('the browser token and the MCP tokens are scrubbed from a tool result', async () => {
    const core = t.open({ tools: { approval: { mode: 'auto' } } }, { tools: { exec: { parentEnv: env() } } });
    // first turn: the core is up and has scrubbed results before the tokens existed
    await modelCalls(core, { name: 'list_dir', arguments: { path: '.' } });
    otherProcessWrites(t.home.home);
    writeFileSync(join(core.workspace(), 'leak.txt'), `web=${WEB_TOKEN}\naccess=${ACCESS_TOKEN}\nrefresh=${REFRESH_TOKEN}\n`);
    const told = await modelCalls(core, { name: 'read_file', arguments: { path: 'leak.txt' } }, { name: 'exec', arguments: { command: 'cat leak.txt' } });
    for (const result of told) {
      expect(result).toContain('web=');
      for (const secret of [WEB_TOKEN, ACCESS_TOKEN, REFRESH_TOKEN]) expect(result).not.toContain(secret);
    }
  });
});
