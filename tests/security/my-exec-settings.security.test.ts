// The exec sandbox and its network switch are the user's (Settings › Safety), never the agent's: through the real agent
// loop, with tools.my.allowSet on and mode auto, a hijacked model tries every spelling `my set` could take to turn the
// sandbox or the fence off, then runs a command that the sandbox must still contain.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useScriptedCore } from '../helpers/scripted-core';

// under /var/tmp: the sandbox's private /tmp would hide a home under /tmp anyway
const t = useScriptedCore({ approvalMode: 'auto', tempRoot: '/var/tmp' });
const bwrap = spawnSync('bwrap', ['--ro-bind', '/', '/', 'true']).status === 0;

const ATTEMPTS: Array<[string, unknown]> = [
  ['exec_config', { sandbox: 'off', network: 'on' }],
  ['exec_config.sandbox', 'off'],
  ['exec_config.network', 'on'],
  ['tools.exec.sandbox', 'off'],
  ['tools', { exec: { sandbox: 'off' }, restrictToWorkspace: false }],
  ['restrict_to_workspace', false],
  ['tools.restrictToWorkspace', false],
];

describe('`my set` and the exec sandbox', () => {
  it.runIf(bwrap)('no key turns the sandbox, its network switch or the fence off; the next command is still contained', async () => {
    const core = t.open({ tools: { approval: { mode: 'auto' }, my: { allowSet: true }, exec: { sandbox: 'auto', network: false } } });
    const configBefore = readFileSync(core.paths.configFile, 'utf8');
    t.llm.enqueue(
      { toolCalls: ATTEMPTS.map(([key, value], i) => ({ id: `s${i}`, name: 'my', arguments: { action: 'set', key, value } })) },
      { toolCalls: [{ id: 'x', name: 'exec', arguments: { command: 'cat "$(dirname "$PWD")/config.json"; echo pid=$$' } }] },
      { text: 'Done.' },
    );
    await core.sessions.run({ sessionKey: 'cron:tidy', text: 'tidy up', interactive: false });

    const tool = (id: string) =>
      String((t.llm.requests.at(-1)!.body.messages as { role: string; tool_call_id?: string; content: string }[]).find((m) => m.role === 'tool' && m.tool_call_id === id)?.content);
    for (let i = 0; i < ATTEMPTS.length; i++) expect(tool(`s${i}`)).toMatch(/^Error: /);
    expect(core.config().tools.exec.sandbox).toBe('auto');
    expect(core.config().tools.exec.network).toBe('off');
    expect(core.config().tools.restrictToWorkspace).toBe(true);
    expect(readFileSync(core.paths.configFile, 'utf8')).toBe(configBefore);
    // config.json next to the workspace stays out of reach, in the sandbox's own PID namespace
    expect(tool('x')).not.toContain('sk-test-secret-key-123456');
    expect(tool('x')).toMatch(/pid=[1-9]\b/);
  });
});
