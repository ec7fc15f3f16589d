// Turns at the very start of the app, through the real agent loop: the background work (sandbox probe, scheduler
// lease, cron) starts only after createCore returns, so an attacker who controls the model tries to get a command
// run in that window — a quick ask sent at once, a cron job already due when the app starts. The approval gate and
// the sandbox decision must hold for both.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createCore, type Core, type CoreOptions } from '../../src-main/core/nanotray-core';
import { createExecSandbox } from '../../src-main/core/tools/os-sandbox/exec-sandbox';
import type { CoreEvent } from '../../src-preload/contract/event-schemas';
import { makeTempHome, testConfig } from '../helpers/temp-home';
import { useTempCores } from '../helpers/temp-cores';
import { useScriptedLlm } from '../helpers/use-scripted-llm';

const llm = useScriptedLlm();
const t = useTempCores();

/** A sandbox that is not there, and answers so only after `delayMs` (a slow first probe). */
function missingSandbox(delayMs = 0) {
  const probe = { calls: 0 };
  const sandbox = createExecSandbox(async () => {
    probe.calls++;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return { ok: false, reason: 'not_installed', detail: 'bubblewrap (bwrap) is not installed' };
  });
  return { probe, sandbox };
}

function open(config: Record<string, unknown>, options: Partial<CoreOptions>): Core {
  t.home ??= makeTempHome(testConfig(llm()!.baseUrl, 'auto', config));
  const created = createCore({ host: 'electron', home: t.home.home, env: {}, ...options });
  if (!created.ok) throw new Error(created.error);
  t.cores.push(created.value);
  return created.value;
}

/** What the model was told the exec call `id` returned. */
function toolAnswer(id: string): string {
  for (const request of llm()!.requests) {
    const message = request.body.messages.find((m: any) => m.role === 'tool' && m.tool_call_id === id);
    if (message) return String(message.content);
  }
  return '';
}

describe('a quick ask sent the moment the app starts', () => {
  it('waits for the sandbox probe the app started in the background, and is refused when the config needs it', async () => {
    const { probe, sandbox } = missingSandbox(150);
    const core = open({ tools: { approval: { mode: 'auto' }, exec: { sandbox: 'on' } } }, { startBackground: true, tools: { exec: { sandbox } } });
    const pwned = join(core.workspace(), 'pwned');
    llm()!.enqueue({ toolCalls: [{ id: 'q1', name: 'exec', arguments: { command: `touch ${pwned}` } }] }, { text: 'done' });
    // Sent before the background work had a chance to start: the probe has not even begun.
    const turn = core.sessions.run({ sessionKey: 'quick:1', text: 'tidy my folder', interactive: true });
    expect(probe.calls).toBe(0);
    expect((await turn).stopReason).toBe('completed');
    expect(toolAnswer('q1')).toContain('Error: exec is refused: tools.exec.sandbox is "on"');
    expect(existsSync(pwned)).toBe(false);
    expect(probe.calls).toBe(1);
  });

  it('is asked about in ask mode before anything runs; denied, nothing ran', async () => {
    const { sandbox } = missingSandbox();
    const core = open({ tools: { approval: { mode: 'ask' }, exec: { sandbox: 'off' } } }, { startBackground: true, tools: { exec: { sandbox } } });
    const pwned = join(core.workspace(), 'pwned');
    const asked: CoreEvent[] = [];
    core.events.on((e) => {
      if (e.type !== 'approval.requested') return;
      asked.push(e);
      core.approvals.resolve(e.id, 'deny');
    });
    llm()!.enqueue({ toolCalls: [{ id: 'q2', name: 'exec', arguments: { command: `touch ${pwned}` } }] }, { text: 'done' });
    const result = await core.sessions.run({ sessionKey: 'quick:2', text: 'tidy my folder', interactive: true });
    expect(result.stopReason).toBe('completed');
    expect(asked).toHaveLength(1);
    expect(toolAnswer('q2')).toBe('Error: the user denied exec');
    expect(existsSync(pwned)).toBe(false);
  });
});

describe('a cron job already due when the app starts', () => {
  it('runs only once the app has started, through the gate: its command needs an approval nobody gave', async () => {
    const config = { agent: { timezone: 'UTC' }, tools: { approval: { mode: 'ask' }, exec: { sandbox: 'auto' } } };
    const before = open(config, { host: 'cli', startBackground: false });
    const job = before.cron.add({ sessionKey: 'cron:due', message: 'clean up the folder', at: '2020-01-01T00:00:00' });
    if (!job.ok) throw new Error(job.error.message);
    const pwned = join(before.workspace(), 'pwned');
    await t.cores.shift()!.dispose();

    llm()!.enqueue({ toolCalls: [{ id: 'c1', name: 'exec', arguments: { command: `touch ${pwned}` } }] }, { text: 'done' });
    const { sandbox } = missingSandbox();
    const core = open(config, { startBackground: true, tools: { exec: { sandbox } } });
    expect(core.cron.runs(job.value.id)).toEqual([]);
    await core.started;
    // A run is recorded as running when it starts: wait for its end.
    await vi.waitFor(() => expect(core.cron.runs(job.value.id).map((r) => r.status)).toEqual(['ok']), { timeout: 10_000 });
    expect(toolAnswer('c1')).toMatch(/^Error: exec needs the user's approval, but nobody can answer in this non-interactive run/);
    expect(existsSync(pwned)).toBe(false);
    expect(llm()!.requests).toHaveLength(2);
  });
});
