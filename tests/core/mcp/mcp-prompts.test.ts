// MCP prompts as slash commands against a real server process (the depth fixture): listed and helped, filled in by
// the server and sent as the user's message (headed with where it came from, embedded resources marked), arguments
// completed by the server, and a clear error for what is missing.
import { afterEach, describe, expect, it } from 'vitest';
import { untrustedBanner } from '../../../src-main/core/tools/untrusted';
import { NOTE_TEXT } from '../../fixtures/mcp/depth-fixture.mjs';
import { depthServer, startCore, type McpTestCore } from './mcp-test-kit';

let t: McpTestCore | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function promptCore(args: string[] = []): Promise<McpTestCore> {
  t = startCore({ d: depthServer('d', {}, args) });
  await t.core.mcp.waitForServers(10_000);
  return t;
}

describe('MCP prompts as slash commands', () => {
  it('are listed with their title and usage, and completed by name', async () => {
    const { core } = await promptCore(['--only', 'prompts']);
    expect(core.mcp.status()[0]).toMatchObject({ state: 'connected', promptCount: 1, toolCount: 0 });
    const listed = core.commands.list().find((c) => c.name === 'd:summarise');
    expect(listed).toMatchObject({ summary: "Summarise a topic (prompt of MCP server 'd')" });
    expect(listed?.usage.split('\n')).toEqual([
      '/d:summarise <topic> [style]',
      '  topic: What to summarise',
      '  style (optional): short or long',
      '  Arguments go in order (the last takes the rest of the line), or as name=value.',
    ]);
    expect(core.commands.complete('/d:').map((c) => c.text)).toEqual(['/d:summarise ']);
  });

  it('fills the prompt in through the server and sends it, headed, with its resource marked untrusted', async () => {
    const { core } = await promptCore();
    const outcome = await core.commands.execute('desktop:a', '/d:summarise the red planet style=short');
    expect(outcome).toEqual({
      handled: true,
      output: '',
      send: {
        text:
          "[Prompt 'summarise' of MCP server 'd': /d:summarise the red planet style=short]\n\n" +
          'Summarise the red planet (short).\n\n' +
          `${untrustedBanner("MCP server 'd' (resource note://notes)")}\n\n${NOTE_TEXT}`,
      },
    });
  });

  it('says what is missing, without asking the server', async () => {
    const { core } = await promptCore();
    expect(await core.commands.execute('desktop:a', '/D:Summarise')).toEqual({
      handled: true,
      output: 'Error: /d:summarise: missing <topic>. Usage: /d:summarise <topic> [style]',
      failed: true,
    });
  });

  it('completes an argument with the server’s own suggestions', async () => {
    const { core } = await promptCore();
    expect((await core.commands.completeAsync('/d:summarise ma')).map((c) => c.text)).toEqual(['/d:summarise mars', '/d:summarise marmots']);
    expect((await core.commands.completeAsync('/d:summarise topic=mo')).map((c) => c.text)).toEqual(['/d:summarise topic=moon']);
    // Built-in commands complete as before through the same call.
    expect((await core.commands.completeAsync('/mcp r')).map((c) => c.text)).toEqual(['/mcp remove', '/mcp reload']);
  });
});
