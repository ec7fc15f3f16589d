// The CLI's command table: each entry loads (on demand) the command it is named after, and --help lists them all.
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../../src-main/host/cli/commands';
import { runCli } from '../../../../src-main/host/cli/main';
import { captureIo } from '../cli-harness';

describe('the command table', () => {
  it('every entry loads the command of its name, once per name', async () => {
    const names = COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of COMMANDS) expect((await entry.load()).name).toBe(entry.name);
  });

  it('--help lists every command with its summary', async () => {
    const io = captureIo({});
    expect(await runCli(['--help'], io)).toBe(0);
    for (const entry of COMMANDS) {
      const command = await entry.load();
      expect(io.out()).toContain(`${command.name.padEnd(9)}  ${command.summary}`);
    }
  });
});
