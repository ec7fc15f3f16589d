// Each built-in slash command's output, with the core's services or fakes of the same shape, and a real store/config.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wireCommands, type CommandsService } from '../../../src-main/core/commands/commands.wiring';
import type { CommandServices } from '../../../src-main/core/commands/command-services';
import type { HeartbeatApi } from '../../../src-main/core/scheduler/scheduler.wiring';
import { formatHeartbeatStatus } from '../../../src-main/core/scheduler/scheduler-text';
import { HEARTBEAT_STATUS, heartbeatRun } from '../scheduler/heartbeat-fixtures';
import type { Skill } from '../../../src-main/core/skills/skill';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import type { McpServerInput, McpServerStatus, McpService } from '../../../src-main/core/mcp/mcp-types';
import { ensureSession, getSession, setSessionTitle, touchSession, updateSessionMeta } from '../../../src-main/core/store/sessions.repo';
import { defineTool, ok } from '../../../src-main/core/tools/tool';
import { ToolRegistry } from '../../../src-main/core/tools/tool-registry';
import { makeTempHome, type TempHome } from '../../helpers/temp-home';
import { fakeMcpService } from '../../helpers/fake-mcp';

let home: TempHome;
let core: Core;
let commands: CommandsService;
const run = async (text: string, sessionKey = 'cli:default') => (await commands.execute(sessionKey, text)).output;

beforeEach(() => {
  home = makeTempHome({ modelPresets: { fast: { model: 'fast-model', contextWindowTokens: 128000 } }, agent: { model: 'main-model' } });
  const created = createCore({ host: 'test', home: home.home, env: {} });
  if (!created.ok) throw new Error(created.error);
  core = created.value;
  commands = commandsWith();
});

/** The core's own services with some replaced; a registry of its own, so the core's tools do not appear in /tools. */
function commandsWith(services: Partial<Omit<CommandServices, 'commands'>> = {}): CommandsService {
  return wireCommands({ ...core, now: () => core.clock.now(), tools: new ToolRegistry(), ...services });
}

afterEach(async () => {
  await core.dispose();
  home.cleanup();
});

describe('/help', () => {
  it('lists every command with its usage', async () => {
    const out = await run('/help');
    expect(out.split('\n')[0]).toBe('Commands (handled without calling the model):');
    expect(out).toMatch(/^ {2}\/mcp \[status\|add\|remove\|reload\|help\] +MCP servers: status, add, remove, reload$/m);
    expect(out.split('\n')).toHaveLength(14);
    expect(out.endsWith('Type /help <command> for details.')).toBe(true);
  });

  it('shows one command with its subcommands', async () => {
    expect(await run('/help heartbeat')).toBe(
      [
        '/heartbeat [status|run|pause|resume]',
        '  Heartbeat status, run it now, pause or resume it',
        'Subcommands:',
        '  status  When it last ran and runs next (default)',
        '  run     Run one heartbeat now',
        '  pause   Stop the timer until resumed',
        '  resume  Start the timer again',
      ].join('\n'),
    );
    expect(await run('/help /new')).toBe('/new\n  Start a new session');
    expect(await run('/help nope')).toBe("Error: no command '/nope'. Type /help for the list.");
  });

  it('marks a command that did nothing as failed (the CLI exits with 1 on it), and only such a command', async () => {
    expect(await commands.execute('cli:default', '/help nope')).toMatchObject({ handled: true, failed: true });
    expect(await commands.execute('cli:default', '/cron remove')).toMatchObject({ output: 'Error: usage: /cron remove <id>', failed: true });
    expect(await commands.execute('cli:default', '/approve bogus')).toMatchObject({ failed: true });
    expect((await commands.execute('cli:default', '/help')).failed).toBeUndefined();
    expect((await commands.execute('cli:default', '/approve')).failed).toBeUndefined();
  });
});

describe('/new, /clear, /sessions', () => {
  it('/new asks the host for a new session', async () => {
    expect(await commands.execute('cli:default', '/new')).toEqual({ handled: true, output: 'Started a new session.', action: 'new_session' });
  });

  it('/clear drops the messages and their summary, and keeps title and preset', async () => {
    ensureSession(core.db, 'cli:default');
    setSessionTitle(core.db, 'cli:default', 'Trip planning');
    updateSessionMeta(core.db, 'cli:default', { modelPreset: 'fast', consolidatedThrough: 1, consolidatedSummary: 'We planned a trip.' });
    core.db.prepare("INSERT INTO messages (session_key, role, content, created_at) VALUES ('cli:default', 'user', 'hi', 1)").run();
    const events: string[] = [];
    core.events.on((e) => events.push(e.type));
    expect(await commands.execute('cli:default', '/clear')).toEqual({
      handled: true,
      output: 'Cleared the history of cli:default.',
      action: 'clear',
    });
    const count = core.db.prepare("SELECT count(*) AS n FROM messages WHERE session_key = 'cli:default'").get() as { n: number };
    expect(count.n).toBe(0);
    const session = getSession(core.db, 'cli:default');
    expect(session?.title).toBe('Trip planning');
    expect(session?.meta.modelPreset).toBe('fast');
    expect(session?.meta.consolidatedThrough).toBeUndefined();
    expect(session?.meta.consolidatedSummary).toBeUndefined();
    expect(events).toEqual(['session.changed']);
  });

  it('/clear refuses while a turn runs and uses the runner when there is one', async () => {
    const cleared: string[] = [];
    commands = commandsWith({ sessions: { isBusy: (key) => key === 'cli:busy', clear: (key) => void cleared.push(key) } });
    expect(await run('/clear', 'cli:busy')).toBe('Error: a turn is running in cli:busy; wait for it to finish or cancel it first.');
    expect(await run('/clear', 'cli:idle')).toBe('Cleared the history of cli:idle.');
    expect(cleared).toEqual(['cli:idle']);
  });

  it('/sessions lists recent sessions and marks the current one', async () => {
    expect(await run('/sessions')).toBe('No sessions yet.');
    ensureSession(core.db, 'cli:default', 1_000);
    ensureSession(core.db, 'desktop:abc', 2_000);
    setSessionTitle(core.db, 'desktop:abc', 'Groceries');
    touchSession(core.db, 'desktop:abc', Date.UTC(2026, 10, 29, 19, 0, 5));
    expect(await run('/sessions', 'cli:default')).toBe(
      [
        'Recent sessions (2):',
        '  desktop:abc  2026-11-29 19:00:05Z  Groceries',
        '* cli:default  1970-01-01 00:00:01Z',
      ].join('\n'),
    );
  });
});

describe('/tools', () => {
  it('lists tools with their approval category', async () => {
    expect(await run('/tools')).toBe('No tools are registered.');
    const tools = new ToolRegistry();
    commands = commandsWith({ tools });
    tools.register(defineTool({ name: 'read_file', description: 'Read a file.\nMore.', category: 'read', params: z.object({}), run: async () => ok('') }));
    tools.register(defineTool({ name: 'exec', description: 'Run a command.', params: z.object({}), run: async () => ok('') }));
    expect(await run('/tools')).toBe(['2 tool(s):', '  exec       [command]  Run a command.', '  read_file  [read]  Read a file.'].join('\n'));
  });
});

describe('/model and /my', () => {
  it('/model shows the session preset and the presets', async () => {
    updateSessionMeta(core.db, 'cli:default', { modelPreset: 'fast' });
    expect(await run('/model')).toBe(
      [
        'Model preset: fast (model fast-model, provider openai, context 128000 tokens)',
        'Presets: default, fast',
        'Switch with /model <preset>.',
      ].join('\n'),
    );
  });

  it('/model <preset> is the user\'s own choice; /my goes through the policy like the tool', async () => {
    const calls: string[] = [];
    commands = commandsWith({
      runtime: {
        check: (name, ctx) => {
          const text = `check ${ctx.sessionKey} ${name ?? '(all)'} by ${ctx.source}`;
          return { ok: true, value: { text, display: text } };
        },
        set: (name, value, ctx) => {
          calls.push(`set ${ctx.sessionKey}:${name}=${String(value)} by ${ctx.source}`);
          return { ok: false, error: { code: 'disabled', message: 'Error: set is disabled (tools.my.allow_set is false)' } };
        },
        choosePreset: (name, ctx) => {
          calls.push(`choose ${ctx.sessionKey}:${name} by ${ctx.source}`);
          return { ok: true, value: `Set model_preset = "${name}" for the next turn` };
        },
      },
    });
    expect(await run('/model fast')).toBe('Set model_preset = "fast" for the next turn');
    expect(calls).toEqual(['choose cli:default:fast by ui']);
    expect(await run('/my')).toBe('check cli:default (all) by ui');
    expect(await run('/my max_iterations')).toBe('check cli:default max_iterations by ui');
  });
});

describe('/heartbeat, /cron, /skills', () => {
  it('/heartbeat routes each subcommand and prints the answer as text', async () => {
    const heartbeat: HeartbeatApi = {
      status: () => HEARTBEAT_STATUS,
      runNow: async () => heartbeatRun({ outcome: 'silent', reason: { code: 'nothing_to_report' }, tokens: 50 }),
      pause: () => ({ ...HEARTBEAT_STATUS, state: 'paused', paused: true, nextRunAt: null }),
      resume: () => HEARTBEAT_STATUS,
    };
    commands = commandsWith({ heartbeat });
    const status = formatHeartbeatStatus(HEARTBEAT_STATUS);
    expect(status.split('\n')[0]).toBe('Heartbeat: idle (every 30 min)');
    expect(await run('/heartbeat')).toBe(status);
    expect(await run('/heartbeat status')).toBe(status);
    expect(await run('/heartbeat run')).toBe('Heartbeat silent — nothing to report (tokens used: 50)');
    expect(await run('/heartbeat PAUSE')).toContain('Heartbeat paused.\nHeartbeat: paused (every 30 min)\nNext due: — (paused)');
    expect((await run('/heartbeat resume')).split('\n').slice(0, 2)).toEqual(['Heartbeat resumed.', 'Heartbeat: idle (every 30 min)']);
  });

  it('/cron lists and removes jobs', async () => {
    const job = { sessionKey: 'cli:default', message: 'go', consecutiveErrors: 0, createdAt: 1, running: false, lastStatus: null, lastError: null, lastRunAt: null } as const;
    const jobs = [
      { ...job, id: 'j1', name: 'standup', schedule: { kind: 'every', everySeconds: 3600 }, scheduleText: '0 9 * * 1-5', enabled: true, nextRunAt: Date.UTC(2026, 10, 30, 9) },
      { ...job, id: 'j2', name: 'old', schedule: { kind: 'every', everySeconds: 3600 }, scheduleText: 'every 1h', enabled: false, nextRunAt: null },
    ] satisfies ReturnType<CommandServices['cron']['list']>;
    commands = commandsWith({
      cron: {
        list: () => jobs,
        remove: async (id) => (id === 'j1' ? { ok: true, value: undefined } : { ok: false, error: { code: 'not_found', message: `Error: no cron job '${id}'` } }),
      },
    });
    expect(await run('/cron')).toBe(
      ['2 cron job(s):', '  j1  0 9 * * 1-5  standup  (next 2026-11-30 09:00:00Z)', '  j2  every 1h  old  (disabled)'].join('\n'),
    );
    expect(await run('/cron remove j1')).toBe('Removed cron job j1.');
    expect(await run('/cron remove zz')).toBe("Error: no cron job 'zz'");
    expect(await run('/cron remove')).toBe('Error: usage: /cron remove <id>');
  });

  it('/skills lists skills', async () => {
    const skill = (over: Partial<Skill> & Pick<Skill, 'name' | 'description'>): Skill => ({
      source: 'builtin', dir: '/s', skillFile: '/s/SKILL.md', always: false, requires: { bins: [], env: [] }, missing: [], body: '', ...over,
    });
    commands = commandsWith({
      skills: {
        list: () => [
          skill({ name: 'my', description: 'Inspect the runtime' }),
          skill({ name: 'gh', description: 'GitHub CLI', source: 'workspace', missing: ['CLI gh'] }),
          skill({ name: 'odd', description: '', source: 'workspace', broken: 'bad front matter' }),
        ],
      },
    });
    expect(await run('/skills')).toBe(
      ['3 skill(s):', '  my   Inspect the runtime  (builtin)', '  gh   GitHub CLI  (workspace, unavailable)', '  odd  broken: bad front matter  (workspace, unavailable)'].join('\n'),
    );
  });
});

describe('/approve', () => {
  it('shows and changes the approval mode in config.json', async () => {
    expect(await run('/approve')).toBe('Approval mode: ask (ask before write and command tools). Modes: ask, auto, readonly.');
    expect(await run('/approve auto')).toBe('Approval mode set to auto (run every tool without asking).');
    expect(core.config().tools.approval.mode).toBe('auto');
    const saved = JSON.parse(readFileSync(home.configFile, 'utf8'));
    expect(saved.tools.approval.mode).toBe('auto');
    expect(saved.modelPresets.fast.model).toBe('fast-model');
    expect(await run('/approve sometimes')).toBe("Error: unknown subcommand '/approve sometimes'. Try /approve ask|auto|readonly|server|host.");
  });
});

describe('/approve server', () => {
  it('adds a per-server always-allow rule for a configured server', async () => {
    const allowed: string[] = [];
    commands = commandsWith({
      approvals: {
        addRule: (rule) => (allowed.push(`${rule.tool} ${rule.kind} ${rule.pattern}`), { id: 7, tool: rule.tool, kind: rule.kind, pattern: rule.pattern ?? '', cwd: '', createdAt: 1 }),
        allowHost: () => ({ ok: false, error: { code: 'invalid', message: 'unused' } }),
      },
    });
    expect(await run('/approve server files')).toBe("Error: no MCP server 'files' in config.json. Servers: (none).");
    core.updateConfig((raw) => {
      raw.mcpServers = { files: { command: 'node' } };
    });
    expect(await run('/approve server files')).toBe("Every tool of MCP server 'files' is now always allowed (rule 7; revoke it in settings).");
    expect(allowed).toEqual(['mcp_files server files']);
    expect(await run('/approve server')).toBe('Error: usage: /approve server <name>');
    expect(commands.complete('/approve server f').map((c) => c.text)).toEqual(['/approve server files']);
  });
});

describe('/approve host', () => {
  it('stores a permanent web_fetch host rule in its canonical form, through the real approval gate', async () => {
    expect(await run('/approve host Docs.Python.ORG.')).toBe('web_fetch and commands may now reach docs.python.org without asking (rule 1; revoke it in settings).');
    expect(await run('/approve host http://127.0.0.1:8080/x?y=1')).toBe('web_fetch and commands may now reach 127.0.0.1:8080 without asking (rule 2; revoke it in settings).');
    expect(core.approvals.listRules().map((r) => [r.tool, r.kind, r.pattern])).toEqual([
      ['web_fetch', 'host', 'docs.python.org'],
      ['web_fetch', 'host', '127.0.0.1:8080'],
    ]);
    expect(await run('/approve host')).toBe('Error: usage: /approve host <host>   (e.g. /approve host docs.python.org)');
    expect(await run('/approve host user:pw@evil.example')).toBe('Error: "user:pw@evil.example" contains a user name or password; give the host only');
    expect(await run('/approve host ftp://files.example')).toBe('Error: "ftp://files.example" is not an http(s) host');
    expect(core.approvals.listRules()).toHaveLength(2);
  });
});

describe('/mcp', () => {
  const added: Array<{ name: string; server: McpServerInput }> = [];
  const status = (name: string, extra: Partial<McpServerStatus> = {}): McpServerStatus => ({
    name, transport: 'stdio', state: 'connected', toolCount: 2, tools: [], trusted: false, consecutiveFailures: 0,
    hidden: { filtered: 0, taskOnly: 0, overLimit: 0 }, resourceCount: 0, promptCount: 0, hasInstructions: false, ...extra,
  });
  const fakeMcp = (servers: McpServerStatus[]): McpService =>
    fakeMcpService({
      status: () => servers,
      add: async (name, server) => {
        added.push({ name, server });
        return { ok: true, value: status(name) };
      },
      remove: async (name) => (name === 'files' ? { ok: true, value: undefined } : { ok: false, error: `Error: no MCP server '${name}' in config.json` }),
    });

  it('explains itself', async () => {
    expect((await run('/mcp help')).split('\n')[0]).toBe('MCP servers give the agent extra tools, named mcp_<server>_<tool>.');
  });

  it('/mcp status shows state, tools, errors and retry time', async () => {
    commands = commandsWith({ mcp: fakeMcp([]) });
    expect(await run('/mcp status')).toBe('No MCP servers configured. Add one with /mcp add <name> <command…>.');
    commands = commandsWith({
      mcp: fakeMcp([
        status('files', { trusted: true }),
        status('remote', { transport: 'http', state: 'circuit_open', toolCount: 0, error: 'connect ECONNREFUSED', retryAt: Date.UTC(2026, 10, 29, 20, 1, 0) }),
      ]),
    });
    expect(await run('/mcp')).toBe(
      [
        'MCP servers:',
        '  files   connected     2 tool(s)  (stdio, trusted)',
        '  remote  circuit open  0 tool(s)  (http) — connect ECONNREFUSED; retrying after 2026-11-29 20:01:00Z',
      ].join('\n'),
    );
  });

  it('/mcp add parses a command or a URL; /mcp remove', async () => {
    commands = commandsWith({ mcp: fakeMcp([]) });
    added.length = 0;
    expect(await run('/mcp add files node "server one.mjs" --root /tmp')).toBe(
      "Added MCP server 'files'.\nMCP servers:\n  files  connected  2 tool(s)  (stdio)",
    );
    await run('/mcp add remote https://example.test/mcp');
    expect(added).toEqual([
      { name: 'files', server: { command: 'node', args: ['server one.mjs', '--root', '/tmp'], sandbox: true } },
      { name: 'remote', server: { url: 'https://example.test/mcp' } },
    ]);
    expect(await run('/mcp add files')).toBe('Error: usage: /mcp add <name> [--no-sandbox] <command…> or /mcp add <name> <url>');
    expect(await run('/mcp add files --no-sandbox')).toBe('Error: usage: /mcp add <name> [--no-sandbox] <command…> or /mcp add <name> <url>');
    expect(await run('/mcp remove files')).toBe("Removed MCP server 'files'.");
    expect(await run('/mcp remove nope')).toBe("Error: no MCP server 'nope' in config.json");
    expect(await run('/mcp remove')).toBe('Error: usage: /mcp remove <name>');
  });
});
