// The approval gate: modes, ask → allow once / always (persisted) / deny / timeout, non-interactive refusal, rules.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { CoreEvent } from '../../../../src-preload/contract/event-schemas';
import { configSchema } from '../../../../src-preload/contract/config-schema';
import { FakeClock } from '../../../helpers/fake-clock';
import { openDatabase, type Database } from '../../../../src-main/core/store/db';
import { ApprovalService } from '../../../../src-main/core/tools/approvals/approval-service';
import type { SandboxState } from '../../../../src-main/core/tools/os-sandbox/sandbox-state';
import { preloadBashParser } from '../../../../src-main/core/tools/shell-grammar/bash-parser';
import { defineTool, ok, type Tool } from '../../../../src-main/core/tools/tool';
import { ToolRegistry } from '../../../../src-main/core/tools/tool-registry';
import { makeToolFixture, type ToolFixture } from '../tool-context-fixture';


const ran: string[] = [];
const makeTool = (name: string, category?: 'read' | 'write' | 'command'): Tool =>
  defineTool({
    name,
    description: name,
    params: z.object({ text: z.string().default('') }),
    ...(category ? { category } : {}),
    async run(args) {
      ran.push(`${name}:${args.text}`);
      return ok(`${name} ran`);
    },
  });
const shell = defineTool({
  name: 'exec',
  description: 'shell',
  params: z.object({ command: z.string(), working_dir: z.string().optional() }),
  category: 'command',
  approvalSubject: (args, ctx) => ({ command: args.command, workingDir: args.working_dir ?? ctx.workspace }),
  sandbox: async () => sandbox,
  async run(args) {
    ran.push(`exec:${args.command}`);
    return ok('done');
  },
});

let fx: ToolFixture;
let db: Database;
let clock: FakeClock;
let events: CoreEvent[];
let mode: 'ask' | 'auto' | 'readonly';
let service: ApprovalService;
let registry: ToolRegistry;
let ids: number;
/** Where exec would run: rules cover commands only inside the OS sandbox. */
let sandbox: SandboxState | undefined;

function newService(): ApprovalService {
  const s = new ApprovalService({
    db,
    emit: (e) => events.push(e),
    clock,
    config: () => configSchema.parse({ tools: { approval: { mode } } }),
    newId: () => `req-${++ids}`,
  });
  return s;
}

const ctx = (overrides: { interactive?: boolean; sessionKey?: string; signal?: AbortSignal } = {}) =>
  fx.ctx({ config: configSchema.parse({ tools: { approval: { mode } } }), ...overrides });

/** Lets the gate's promise chain reach the point where it waits for an answer (the grammar is loaded up front). */
const tick = () => new Promise((r) => setImmediate(r));
beforeAll(async () => {
  expect(await preloadBashParser()).toEqual({ ok: true, value: undefined });
});

beforeEach(() => {
  fx = makeToolFixture();
  db = openDatabase(':memory:');
  clock = new FakeClock(1_000);
  events = [];
  mode = 'ask';
  ids = 0;
  sandbox = { status: 'on', kind: 'bubblewrap', network: 'filtered' };
  ran.length = 0;
  // The registry asks whichever service the test made last (a test may start a new one on the same database).
  registry = new ToolRegistry({ check: (tool, args, c) => service.check(tool, args, c) });
  for (const t of [makeTool('peek', 'read'), makeTool('scribble', 'write'), makeTool('mystery'), shell]) registry.register(t);
  service = newService();
});
afterEach(() => {
  service.dispose();
  db.close();
  fx.cleanup();
});

describe('mode ask', () => {
  it('runs read tools without asking', async () => {
    expect(await registry.execute('peek', { text: 'x' }, ctx())).toEqual({ ok: true, output: 'peek ran' });
    expect(events).toEqual([]);
  });

  it('asks for a write tool with the full arguments, and allow_once runs it once', async () => {
    const pending = registry.execute('scribble', { text: 'hello' }, ctx());
    await tick();
    expect(events).toEqual([
      {
        type: 'approval.requested',
        id: 'req-1',
        sessionKey: 'cli:test',
        turnId: 'turn-1',
        callId: 'call-1',
        tool: 'scribble',
        category: 'write',
        args: '{\n  "text": "hello"\n}',
        alwaysLabel: 'scribble',
        expiresAt: 1_000 + 5 * 60_000,
      },
    ]);
    expect(service.pending().map((r) => r.id)).toEqual(['req-1']);
    expect(service.pending('other:session')).toEqual([]);
    expect(ran).toEqual([]);
    expect(service.resolve('req-1', 'allow_once')).toEqual({ ok: true, value: undefined });
    expect(await pending).toEqual({ ok: true, output: 'scribble ran' });
    expect(events[1]).toEqual({ type: 'approval.resolved', id: 'req-1', sessionKey: 'cli:test', decision: 'allow_once' });
    expect(service.pending()).toEqual([]);
    // once means once: the next call asks again
    const again = registry.execute('scribble', { text: 'again' }, ctx());
    await tick();
    expect(service.pending().map((r) => r.id)).toEqual(['req-2']);
    service.resolve('req-2', 'deny');
    expect(await again).toEqual({ ok: false, error: { code: 'denied', message: 'Error: the user denied scribble' } });
  });

  it("passes the user's note with a denial to the model, marked as their words", async () => {
    const pending = registry.execute('scribble', { text: 'x' }, ctx());
    await tick();
    service.resolve('req-1', 'deny', 'permanent', 'Not that file.\nUse notes.md instead');
    expect(await pending).toEqual({
      ok: false,
      error: { code: 'denied', message: "Error: the user denied scribble, and wrote why (the user's own words):\n> Not that file.\n> Use notes.md instead" },
    });
    // a note with an approval is not sent anywhere, and a blank note is no note
    const allowed = registry.execute('scribble', { text: 'y' }, ctx());
    await tick();
    service.resolve('req-2', 'allow_once', 'permanent', 'ignored');
    expect(await allowed).toEqual({ ok: true, output: 'scribble ran' });
    const blank = registry.execute('scribble', { text: 'z' }, ctx());
    await tick();
    service.resolve('req-3', 'deny', 'permanent', '   ');
    expect(await blank).toEqual({ ok: false, error: { code: 'denied', message: 'Error: the user denied scribble' } });
  });

  it('treats a tool without a category as a command tool', async () => {
    const pending = registry.execute('mystery', {}, ctx());
    await tick();
    expect(events[0]).toMatchObject({ type: 'approval.requested', tool: 'mystery', category: 'command' });
    service.resolve('req-1', 'deny');
    expect(await pending).toEqual({ ok: false, error: { code: 'denied', message: 'Error: the user denied mystery' } });
    expect(ran).toEqual([]);
  });

  it('asks by the category of the call when a tool says it depends on the arguments', async () => {
    const ledger = defineTool({
      name: 'ledger',
      description: 'list or change entries',
      params: z.object({ action: z.enum(['list', 'add']) }),
      category: 'write',
      categoryFor: (args) => (args.action === 'list' ? 'read' : 'write'),
      async run(args) {
        ran.push(`ledger ${args.action}`);
        return ok(`ledger ${args.action}`);
      },
    });
    registry.register(ledger);
    expect(await registry.execute('ledger', { action: 'list' }, ctx({ interactive: false }))).toEqual({ ok: true, output: 'ledger list' });
    expect(events).toEqual([]);
    const pending = registry.execute('ledger', { action: 'add' }, ctx());
    await tick();
    expect(events[0]).toMatchObject({ type: 'approval.requested', tool: 'ledger', category: 'write' });
    service.resolve('req-1', 'deny');
    expect(await pending).toEqual({ ok: false, error: { code: 'denied', message: 'Error: the user denied ledger' } });
    expect(ran).toEqual(['ledger list']);
  });

  it('refuses after 5 minutes without an answer, telling the model nobody answered (not that the user said no)', async () => {
    const pending = registry.execute('scribble', { text: 'late' }, ctx());
    await tick();
    clock.advance(5 * 60_000 - 1);
    await tick();
    expect(service.pending()).toHaveLength(1);
    clock.advance(1);
    expect(await pending).toEqual({
      ok: false,
      error: { code: 'denied', message: 'Error: scribble was not run: nobody answered its approval request in time. Ask the user before trying again.' },
    });
    expect(events[1]).toEqual({ type: 'approval.resolved', id: 'req-1', sessionKey: 'cli:test', decision: 'deny', ended: 'expired' });
    expect(service.resolve('req-1', 'allow_once')).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No approval request req-1 is waiting (it was answered or expired).' },
    });
    expect(ran).toEqual([]);
  });

  it('does not run a call whose turn is stopped while it waits, and says the turn stopped (nobody denied it)', async () => {
    const abort = new AbortController();
    const pending = registry.execute('scribble', {}, ctx({ signal: abort.signal }));
    await tick();
    abort.abort();
    expect(await pending).toEqual({
      ok: false,
      error: { code: 'cancelled', message: 'Error: scribble was not run: the turn was stopped while its approval request was waiting.' },
    });
    expect(events.at(-1)).toEqual({ type: 'approval.resolved', id: 'req-1', sessionKey: 'cli:test', decision: 'deny', ended: 'stopped' });
    expect(ran).toEqual([]);
  });

  it('a denial the user gave is told as such, with no end reason on the event', async () => {
    const pending = registry.execute('scribble', {}, ctx());
    await tick();
    expect(service.resolve('req-1', 'deny')).toEqual({ ok: true, value: undefined });
    expect(await pending).toEqual({ ok: false, error: { code: 'denied', message: 'Error: the user denied scribble' } });
    expect(events.at(-1)).toEqual({ type: 'approval.resolved', id: 'req-1', sessionKey: 'cli:test', decision: 'deny' });
  });

  it('allow_always stores a permanent tool rule that survives a new service on the same database', async () => {
    const first = registry.execute('scribble', {}, ctx());
    await tick();
    service.resolve('req-1', 'allow_always');
    expect(await first).toEqual({ ok: true, output: 'scribble ran' });
    expect(service.listRules()).toEqual([{ id: 1, tool: 'scribble', kind: 'tool', pattern: '', cwd: '', createdAt: 1_000 }]);

    service = newService();
    expect(await registry.execute('scribble', { text: 'later' }, ctx({ sessionKey: 'desktop:other' }))).toEqual({
      ok: true,
      output: 'scribble ran',
    });
    expect(events.filter((e) => e.type === 'approval.requested')).toHaveLength(1);

    expect(service.revokeRule(1)).toEqual({ ok: true, value: undefined });
    expect(service.revokeRule(1)).toEqual({ ok: false, error: { code: 'not_found', message: 'No approval rule with id 1.' } });
    const asked = registry.execute('scribble', {}, ctx());
    await tick();
    expect(service.pending()).toHaveLength(1);
    service.resolve(service.pending()[0]!.id, 'deny');
    await asked;
  });

  it('an always answer also releases other waiting calls it now covers', async () => {
    const first = registry.execute('exec', { command: 'git status' }, ctx());
    const second = registry.execute('exec', { command: 'git diff' }, ctx({ sessionKey: 'desktop:other' }));
    const third = registry.execute('exec', { command: 'npm test' }, ctx());
    await tick();
    expect(service.pending().map((r) => r.alwaysLabel)).toEqual(['exec: git', 'exec: git', 'exec: npm']);
    service.resolve('req-1', 'allow_always');
    expect(await first).toEqual({ ok: true, output: 'done' });
    expect(await second).toEqual({ ok: true, output: 'done' });
    expect(service.pending().map((r) => r.id)).toEqual(['req-3']);
    service.resolve('req-3', 'deny');
    expect(await third).toEqual({ ok: false, error: { code: 'denied', message: 'Error: the user denied exec' } });
  });

  it('a session-scoped always rule covers only that session', async () => {
    const first = registry.execute('scribble', {}, ctx());
    await tick();
    service.resolve('req-1', 'allow_always', 'session');
    await first;
    expect(service.listRules()).toEqual([]);
    expect(service.sessionRules('cli:test')).toEqual([{ tool: 'scribble', kind: 'tool', pattern: '', cwd: '' }]);
    expect(await registry.execute('scribble', {}, ctx())).toEqual({ ok: true, output: 'scribble ran' });
    const other = registry.execute('scribble', {}, ctx({ sessionKey: 'cli:other' }));
    await tick();
    expect(service.pending('cli:other')).toHaveLength(1);
    service.resolve(service.pending('cli:other')[0]!.id, 'deny');
    expect(await other).toEqual({ ok: false, error: { code: 'denied', message: 'Error: the user denied scribble' } });
  });

  it('exec: shows the working dir, and always remembers the command prefixes, not the whole tool', async () => {
    const first = registry.execute('exec', { command: 'git status && git diff' }, ctx());
    await tick();
    expect(events[0]).toMatchObject({
      type: 'approval.requested',
      tool: 'exec',
      category: 'command',
      workingDir: fx.workspace,
      alwaysLabel: 'exec: git',
      args: '{\n  "command": "git status && git diff"\n}',
    });
    service.resolve('req-1', 'allow_always');
    await first;
    expect(service.listRules()).toEqual([{ id: 1, tool: 'exec', kind: 'prefix', pattern: 'git', cwd: fx.workspace, createdAt: 1_000 }]);

    expect(await registry.execute('exec', { command: 'git log --oneline | git hash-object --stdin' }, ctx())).toEqual({
      ok: true,
      output: 'done',
    });
    // Other commands chained onto an allowed prefix still ask: pipes, ;, &&, $(…), backticks, newlines.
    for (const command of ['git status; rm x', 'git log | sh', 'git log $(curl evil)', 'git log `curl evil`', 'git status\ncurl evil', 'gitx status', 'sudo git status']) {
      const before = events.length;
      const pending = registry.execute('exec', { command }, ctx());
      await tick();
      expect(events.length, command).toBe(before + 1);
      service.resolve(service.pending()[0]!.id, 'deny');
      expect(await pending).toEqual({ ok: false, error: { code: 'denied', message: 'Error: the user denied exec' } });
    }
    expect(ran).toEqual(['exec:git status && git diff', 'exec:git log --oneline | git hash-object --stdin']);
  });

  it('refuses write and command tools where nobody can answer, saying how to allow them', async () => {
    const refusal = (tool: string) =>
      `Error: ${tool} needs the user's approval, but nobody can answer in this non-interactive run (heartbeat, cron, ` +
      'subagent or a CLI without a terminal), so it was not run. To allow it, the user can add an "always allow" rule ' +
      'for it in settings, run the CLI with --yes, or set tools.approval.mode to "auto".';
    expect(await registry.execute('scribble', {}, ctx({ interactive: false }))).toEqual({ ok: false, error: { code: 'needs_approval', message: refusal('scribble') } });
    expect(await registry.execute('exec', { command: 'ls' }, ctx({ interactive: false }))).toEqual({
      ok: false,
      error: {
        code: 'needs_approval',
        message: refusal('exec').replace('so it was not run. ', 'so it was not run. No rule covers it: No rule allows ls in this folder. '),
      },
    });
    expect(await registry.execute('peek', {}, ctx({ interactive: false }))).toEqual({ ok: true, output: 'peek ran' });
    expect(events).toEqual([]);
    // a rule allows it
    service.addRule({ tool: 'exec', kind: 'prefix', pattern: 'ls', cwd: fx.workspace });
    expect(await registry.execute('exec', { command: 'ls -la' }, ctx({ interactive: false }))).toEqual({ ok: true, output: 'done' });
    // --yes allows the session
    service.setSessionAutoApprove('cli:test', true);
    expect(await registry.execute('scribble', {}, ctx({ interactive: false }))).toEqual({ ok: true, output: 'scribble ran' });
    service.setSessionAutoApprove('cli:test', false);
    expect((await registry.execute('scribble', {}, ctx({ interactive: false }))).ok).toBe(false);
  });
});

describe('exec rules on the shell grammar', () => {
  it('says why no rule covers a command, and offers no "always" when none could', async () => {
    service.addRule({ tool: 'exec', kind: 'prefix', pattern: 'git', cwd: fx.workspace });
    const pending = registry.execute('exec', { command: "git -c core.pager='touch x' log" }, ctx());
    await tick();
    const [request] = service.pending();
    expect(request).toMatchObject({
      notCovered: { code: 'code_option', message: 'The option git -c makes the program run other code.' },
    });
    expect(request!.alwaysLabel).toBeUndefined();
    expect(service.resolve(request!.id, 'allow_always')).toEqual({
      ok: false,
      error: { code: 'invalid', message: '"Always allow" is not offered for this request (no rule can cover it): allow it once or deny it.' },
    });
    expect(service.pending()).toHaveLength(1);
    service.resolve(request!.id, 'deny');
    expect(await pending).toEqual({ ok: false, error: { code: 'denied', message: 'Error: the user denied exec' } });
    expect(service.listRules()).toHaveLength(1);
  });

  it('remembers an interpreter call as the exact command in its folder', async () => {
    const first = registry.execute('exec', { command: 'python3 build.py' }, ctx());
    await tick();
    expect(service.pending()[0]).toMatchObject({
      alwaysLabel: 'exec: exactly: python3 build.py',
      notCovered: { code: 'interpreter' },
    });
    service.resolve('req-1', 'allow_always');
    await first;
    expect(service.listRules()).toEqual([
      { id: 1, tool: 'exec', kind: 'exact', pattern: 'python3 build.py', cwd: fx.workspace, createdAt: 1_000 },
    ]);
    expect(await registry.execute('exec', { command: 'python3 build.py' }, ctx({ interactive: false }))).toEqual({ ok: true, output: 'done' });
    expect((await registry.execute('exec', { command: 'python3 other.py' }, ctx({ interactive: false }))).ok).toBe(false);
  });

  it('ignores a whole-tool rule for exec (it would allow any command)', async () => {
    service.addRule({ tool: 'exec', kind: 'tool' });
    expect((await registry.execute('exec', { command: 'ls' }, ctx({ interactive: false }))).ok).toBe(false);
    expect(ran).toEqual([]);
  });
});

describe('server rules', () => {
  it('trust every tool of one MCP server (the server the tool carries) and nothing else', async () => {
    registry.register({ ...makeTool('mcp_files_read'), mcpServer: 'files', mcpToolName: 'read' } as Tool);
    registry.register({ ...makeTool('mcp_filesystem_write'), mcpServer: 'filesystem', mcpToolName: 'write' } as Tool);
    service.addRule({ tool: 'mcp_files', kind: 'server', pattern: 'files' });
    expect(await registry.execute('mcp_files_read', {}, ctx({ interactive: false }))).toEqual({ ok: true, output: 'mcp_files_read ran' });
    expect((await registry.execute('mcp_filesystem_write', {}, ctx({ interactive: false }))).ok).toBe(false);
  });

  it('"always" for an MCP tool names its server and own name, and a rule under the model-facing name covers nothing', async () => {
    registry.register({ ...makeTool('mcp_my_files_read'), mcpServer: 'my.files', mcpToolName: 'read' } as Tool);
    registry.register({ ...makeTool('mcp_my_files_read_2'), mcpServer: 'my_files', mcpToolName: 'read' } as Tool);
    service.addRule({ tool: 'mcp_my_files_read', kind: 'tool' });
    expect((await registry.execute('mcp_my_files_read', {}, ctx({ interactive: false }))).ok).toBe(false);
    const running = registry.execute('mcp_my_files_read_2', {}, ctx());
    await vi.waitFor(() => expect(service.pending()).toHaveLength(1));
    const [request] = service.pending();
    expect(request!.alwaysLabel).toBe('my_files · read');
    service.resolve(request!.id, 'allow_always');
    expect((await running).ok).toBe(true);
    expect(service.listRules().filter((r) => r.kind === 'mcp_tool').map((r) => [r.pattern, r.tool])).toEqual([['my_files', 'read']]);
    expect(await registry.execute('mcp_my_files_read_2', {}, ctx({ interactive: false }))).toEqual({ ok: true, output: 'mcp_my_files_read_2 ran' });
    expect((await registry.execute('mcp_my_files_read', {}, ctx({ interactive: false }))).ok).toBe(false);
  });
});

describe('modes auto and readonly', () => {
  it('auto runs everything without asking', async () => {
    mode = 'auto';
    expect(service.mode()).toBe('auto');
    expect(await registry.execute('scribble', {}, ctx({ interactive: false }))).toEqual({ ok: true, output: 'scribble ran' });
    expect(await registry.execute('mystery', {}, ctx())).toEqual({ ok: true, output: 'mystery ran' });
    expect(events).toEqual([]);
  });

  it('readonly refuses write and command tools even with rules or --yes, and still runs read tools', async () => {
    mode = 'readonly';
    service.addRule({ tool: 'scribble', kind: 'tool' });
    service.setSessionAutoApprove('cli:test', true);
    expect(await registry.execute('scribble', {}, ctx())).toEqual({
      ok: false,
      error: {
        code: 'refused',
        message:
          'Error: scribble is not allowed: approvals are in read-only mode (tools.approval.mode = "readonly"), so write tools ' +
          'are refused. Tell the user what you wanted to do; they can change the mode in settings.',
      },
    });
    expect(await registry.execute('exec', { command: 'ls' }, ctx())).toMatchObject({ ok: false });
    expect(await registry.execute('peek', {}, ctx())).toEqual({ ok: true, output: 'peek ran' });
    expect(ran).toEqual(['peek:']);
  });
});

describe('exec rules without the OS sandbox', () => {
  it.each<[string, SandboxState | undefined, string]>([
    ['off', { status: 'off' }, 'tools.exec.sandbox is "off"'],
    ['unavailable', { status: 'unavailable', reason: 'not_installed', detail: 'bubblewrap (bwrap) is not installed', enforced: false }, 'bubblewrap (bwrap) is not installed'],
    ['unknown', undefined, 'its state is unknown'],
  ])('sandbox %s: no rule covers a command, every one is asked and "always" is not offered', async (_name, state, detail) => {
    sandbox = state;
    service.addRule({ tool: 'exec', kind: 'prefix', pattern: 'ls', cwd: fx.workspace });
    service.addRule({ tool: 'exec', kind: 'exact', pattern: 'ls -la', cwd: fx.workspace });
    const why = `No OS sandbox here (${detail}): every command is asked, whatever the rules say.`;
    const refused = await registry.execute('exec', { command: 'ls -la' }, ctx({ interactive: false }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'needs_approval' } });
    expect(refused.ok ? '' : refused.error.message).toContain(`No rule covers it: ${why}`);
    const pending = registry.execute('exec', { command: 'ls' }, ctx());
    await tick();
    const [request] = service.pending();
    expect(request).toMatchObject({ notCovered: { code: 'no_sandbox', message: why } });
    expect(request!.alwaysLabel).toBeUndefined();
    service.resolve(request!.id, 'allow_once');
    expect(await pending).toEqual({ ok: true, output: 'done' });
    // a reason no rule covers anywhere still says more than the missing sandbox
    const inline = registry.execute('exec', { command: "sh -c 'ls'" }, ctx());
    await tick();
    expect(service.pending()[0]).toMatchObject({ notCovered: { code: 'interpreter_inline' } });
    service.resolve(service.pending()[0]!.id, 'deny');
    await inline;
    expect(ran).toEqual(['exec:ls']);
  });
});

describe('preflight', () => {
  it("runs the tool's own preflight and refuses before anyone is asked", async () => {
    mode = 'ask';
    registry.register(
      defineTool({
        name: 'guarded',
        description: 'guarded',
        params: z.object({ command: z.string() }),
        category: 'command',
        preflight: (args) => (args.command.startsWith('rm') ? { code: 'refused', message: 'Error: Command blocked by deny pattern filter' } : undefined),
        async run() {
          ran.push('guarded');
          return ok('ran');
        },
      }),
    );
    expect(await registry.execute('guarded', { command: 'rm -rf /' }, ctx())).toEqual({
      ok: false,
      error: { code: 'refused', message: 'Error: Command blocked by deny pattern filter' },
    });
    expect(events).toEqual([]);
  });
});

describe('network (egress per host)', () => {
  const fetchTool = defineTool({
    name: 'web_fetch',
    description: 'fetch',
    params: z.object({ url: z.string() }),
    category: 'network',
    approvalSubject: (args) => {
      const url = new URL(args.url);
      return { egress: { url: url.href, host: url.host } };
    },
    async run(args) {
      ran.push(`fetch:${args.url}`);
      return ok('fetched');
    },
  });
  const blindTool = defineTool({ name: 'blind_net', description: 'b', params: z.object({}), category: 'network', async run() {
    ran.push('blind');
    return ok('sent');
  } });
  beforeEach(() => {
    registry.register(fetchTool);
    registry.register(blindTool);
  });

  it('asks with the URL and host; "always" remembers exactly that host (not another port, not a subdomain)', async () => {
    const first = registry.execute('web_fetch', { url: 'https://docs.example/a?q=1' }, ctx());
    await tick();
    expect(events[0]).toMatchObject({ category: 'network', egress: { url: 'https://docs.example/a?q=1', host: 'docs.example' }, alwaysLabel: 'docs.example' });
    service.resolve('req-1', 'allow_always');
    expect(await first).toEqual({ ok: true, output: 'fetched' });
    expect(service.listRules().map((r) => [r.tool, r.kind, r.pattern])).toEqual([['web_fetch', 'host', 'docs.example']]);
    expect(await registry.execute('web_fetch', { url: 'https://docs.example/b' }, ctx({ interactive: false }))).toEqual({ ok: true, output: 'fetched' });
    for (const url of ['https://docs.example:8443/', 'https://evil.docs.example/', 'https://docs.example.evil/']) {
      expect(await registry.execute('web_fetch', { url }, ctx({ interactive: false }))).toMatchObject({ ok: false });
    }
    expect(ran).toEqual(['fetch:https://docs.example/a?q=1', 'fetch:https://docs.example/b']);
  });

  it('answers allowsEgress (redirect hops) from rules, --allow-host and auto mode (not --yes), never by asking', () => {
    const c = ctx();
    expect(service.allowsEgress(fetchTool, 'docs.example', c)).toBe(false);
    service.allowHost('Docs.Example.');
    expect(service.allowsEgress(fetchTool, 'docs.example', c)).toBe(true);
    expect(service.allowsEgress(fetchTool, 'other.example', c)).toBe(false);
    service.setSessionAutoApprove('cli:test', true);
    expect(service.allowsEgress(fetchTool, 'other.example', c)).toBe(false);
    service.allowHostsForSession('cli:test', ['other.example']);
    expect(service.allowsEgress(fetchTool, 'other.example', c)).toBe(true);
    mode = 'auto';
    expect(service.allowsEgress(fetchTool, 'third.example', ctx())).toBe(true);
    mode = 'readonly';
    expect(service.allowsEgress(fetchTool, 'other.example', ctx())).toBe(false);
    expect(service.allowsEgress(fetchTool, 'docs.example', ctx())).toBe(true);
    expect(events).toEqual([]);
  });

  it('refuses a network tool that does not say where it goes, even in auto mode', async () => {
    mode = 'auto';
    expect(await registry.execute('blind_net', {}, ctx())).toEqual({
      ok: false,
      error: { code: 'refused', message: 'Error: blind_net was refused: the destination of this call could not be determined.' },
    });
    expect(ran).toEqual([]);
  });
});
