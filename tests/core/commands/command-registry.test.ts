// The slash-command registry: parsing, unknown → closest match, completion, errors as lines.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wireCommands, type CommandsService } from '../../../src-main/core/commands/commands.wiring';
import { closestName, editDistance } from '../../../src-main/core/commands/closest-name';
import { splitCommandLine } from '../../../src-main/core/commands/split-command-line';
import { isSlashCommand } from '../../../src-preload/contract/slash-command-rule';
import { createCore, type Core } from '../../../src-main/core/nanotray-core';
import { makeTempHome, type TempHome } from '../../helpers/temp-home';
import { fakeMcpService } from '../../helpers/fake-mcp';

let home: TempHome;
let core: Core;
let commands: CommandsService;

beforeEach(() => {
  home = makeTempHome({ modelPresets: { fast: { model: 'fast-model' } } });
  const created = createCore({ host: 'test', home: home.home, env: {} });
  if (!created.ok) throw new Error(created.error);
  core = created.value;
  commands = wireCommands({ ...core, now: () => core.clock.now() });
});

afterEach(async () => {
  await core.dispose();
  home.cleanup();
});

describe('parsing', () => {
  it('splits words and keeps quoted groups', () => {
    expect(splitCommandLine(`/mcp add files node "my server.mjs" 'a b'`)).toEqual(['/mcp', 'add', 'files', 'node', 'my server.mjs', 'a b']);
    expect(splitCommandLine('  /help   mcp ')).toEqual(['/help', 'mcp']);
  });

  it('treats only a leading slash followed by a word as a command', () => {
    expect(isSlashCommand('/help')).toBe(true);
    expect(isSlashCommand('  /mcp status')).toBe(true);
    expect(isSlashCommand('/')).toBe(true);
    expect(isSlashCommand('hello /help')).toBe(false);
    expect(isSlashCommand('/ tmp')).toBe(false);
    expect(isSlashCommand('/123')).toBe(false);
  });

  it('finds the closest command name', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(closestName('hepl', ['help', 'heartbeat', 'mcp'])).toBe('help');
    expect(closestName('heart', ['help', 'heartbeat'])).toBe('heartbeat');
    expect(closestName('zzzzzzzz', ['help', 'mcp'])).toBeUndefined();
  });
});

describe('execute', () => {
  it('leaves plain messages to the model', async () => {
    expect(await commands.execute('cli:default', 'hello there')).toEqual({ handled: false, output: '' });
  });

  it('answers an unknown command with the closest match', async () => {
    expect(await commands.execute('cli:default', '/hepl')).toEqual({
      handled: true,
      output: "Error: unknown command '/hepl'. Did you mean /help?",
      failed: true,
    });
    expect((await commands.execute('cli:default', '/mpc status')).output).toBe("Error: unknown command '/mpc'. Did you mean /mcp?");
    expect((await commands.execute('cli:default', '/qwertyuiop')).output).toBe(
      "Error: unknown command '/qwertyuiop'. Type /help for the list.",
    );
  });

  it('answers an unknown subcommand with the closest match', async () => {
    expect((await commands.execute('cli:default', '/mcp stauts')).output).toBe(
      "Error: unknown subcommand '/mcp stauts'. Did you mean /mcp status?",
    );
    expect((await commands.execute('cli:default', '/heartbeat xyzzy')).output).toBe(
      "Error: unknown subcommand '/heartbeat xyzzy'. Try /heartbeat status|run|pause|resume.",
    );
  });

  it('turns a throwing service into one error line', async () => {
    commands = wireCommands({
      ...core,
      now: () => core.clock.now(),
      heartbeat: {
        status: () => {
          throw new Error('boom');
        },
        runNow: () => core.heartbeat.runNow(),
        pause: () => core.heartbeat.pause(),
        resume: () => core.heartbeat.resume(),
      },
    });
    expect(await commands.execute('cli:default', '/heartbeat')).toEqual({ handled: true, output: 'Error: /heartbeat failed: boom', failed: true });
  });

  it('lists every built-in command, sorted', () => {
    expect(commands.list().map((c) => c.name)).toEqual([
      'approve', 'clear', 'cron', 'heartbeat', 'help', 'mcp', 'model', 'my', 'new', 'sessions', 'skills', 'tools',
    ]);
  });

  it('accepts a bare slash and /? as /help', async () => {
    const help = await commands.execute('cli:default', '/help');
    expect((await commands.execute('cli:default', '/')).output).toBe(help.output);
    expect((await commands.execute('cli:default', '/?')).output).toBe(help.output);
  });
});

describe('complete', () => {
  it('completes command names', () => {
    expect(commands.complete('/he').map((c) => c.text)).toEqual(['/heartbeat ', '/help ']);
    expect(commands.complete('/he')[1]).toEqual({ text: '/help ', label: '/help', description: 'Show the commands, or the help of one command' });
    expect(commands.complete('/').length).toBe(12);
    expect(commands.complete('hello')).toEqual([]);
  });

  it('completes subcommands with their summaries', () => {
    expect(commands.complete('/mcp r')).toEqual([
      { text: '/mcp remove', label: 'remove', description: 'Remove a server: /mcp remove <name>' },
      { text: '/mcp reload', label: 'reload', description: 'Re-read config.json and reconnect' },
    ]);
    expect(commands.complete('/heartbeat ').map((c) => c.text)).toEqual([
      '/heartbeat status', '/heartbeat run', '/heartbeat pause', '/heartbeat resume',
    ]);
  });

  it('completes arguments: presets, command names, server names', () => {
    expect(commands.complete('/model ').map((c) => c.text)).toEqual(['/model default', '/model fast']);
    expect(commands.complete('/model f').map((c) => c.text)).toEqual(['/model fast']);
    expect(commands.complete('/help mc').map((c) => c.text)).toEqual(['/help mcp']);
    commands = wireCommands({
      ...core,
      now: () => core.clock.now(),
      mcp: fakeMcpService({
        status: () => [
          { name: 'files', transport: 'stdio', state: 'connected', toolCount: 1, tools: ['mcp_files_read'], trusted: false, consecutiveFailures: 0, hidden: { filtered: 0, taskOnly: 0, overLimit: 0 }, resourceCount: 0, promptCount: 0, hasInstructions: false },
          { name: 'remote', transport: 'http', state: 'connecting', toolCount: 0, tools: [], trusted: false, consecutiveFailures: 0, hidden: { filtered: 0, taskOnly: 0, overLimit: 0 }, resourceCount: 0, promptCount: 0, hasInstructions: false },
        ],
      }),
    });
    expect(commands.complete('/mcp remove ').map((c) => c.text)).toEqual(['/mcp remove files', '/mcp remove remote']);
    expect(commands.complete('/mcp remove r').map((c) => c.text)).toEqual(['/mcp remove remote']);
    expect(commands.complete('/nosuch ')).toEqual([]);
  });
});
