// `nanotray status` without a provider, and how the CLI reports an invalid config.json.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useCliHarness } from './cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });

describe('nanotray status', () => {
  it('says when no provider is configured and how to add one', async () => {
    const home = t.openBare();
    const io = await t.run(['status']);
    expect(io.code).toBe(0);
    const expected = [
      'Nanotray status',
      `  home:      ${home.home}`,
      `  config:    ${join(home.home, 'config.json')}`,
      `  workspace: ${home.workspace}`,
      '  provider:  openai — not configured: set OPENAI_API_KEY or add providers.openai to config.json',
      '  model:     gpt-4.1-mini (preset default)',
      '  sandbox:   exec on (bubblewrap; network through Nanotray, per host)',
      '  sessions:  0',
      '  messages:  0',
      '',
    ].join('\n');
    // Other sections (the runtime overview) follow this block.
    expect(io.out.slice(0, expected.length)).toBe(expected);
  });
});

describe('an invalid config.json', () => {
  it('stops agent and status with one line naming the key, and leaves the file alone', async () => {
    const home = t.openBare();
    const text = '{ "agent": { "temperature": 9 } }';
    writeFileSync(home.configFile, text);
    for (const args of [['agent', '-m', 'hi'], ['status']]) {
      const io = await t.run(args);
      expect(io.code).toBe(1);
      expect(io.err).toMatch(new RegExp(`^nanotray ${args[0]}: Invalid config in .*config\\.json: agent\\.temperature: .*The file was left untouched; fix it and try again\\.\\n$`));
      expect(io.out).toBe('');
    }
  });
});
