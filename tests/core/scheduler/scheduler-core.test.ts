// The scheduler wired into createCore with the real session runner and a scripted OpenAI-compatible server.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { Core } from '../../../src-main/core/nanotray-core';
import { useScriptedCore } from '../../helpers/scripted-core';

const t = useScriptedCore({ approvalMode: 'auto' });

const open = (extra: Record<string, unknown> = {}): Core =>
  t.open({ heartbeat: { enable: true }, agent: { timezone: 'UTC' }, ...extra }, { env: process.env });

describe('scheduler in the core', () => {
  it('the bundled HEARTBEAT.md template makes zero model requests', async () => {
    const c = open();
    const template = readFileSync(join(c.workspace(), 'HEARTBEAT.md'), 'utf8');
    expect(template).toContain('## Active Tasks');
    const before = t.llm.requests.length;
    for (let i = 0; i < 5; i++) {
      expect(await c.heartbeat.runNow()).toMatchObject({ outcome: 'skipped', reason: { code: 'no_active_tasks' }, tokens: 0 });
    }
    expect(t.llm.requests.length - before).toBe(0);
    expect(c.heartbeat.status().recentRuns).toHaveLength(5);
  });

  it('a heartbeat with a task runs one real turn; the token never reaches the session', async () => {
    const c = open();
    writeFileSync(join(c.workspace(), 'HEARTBEAT.md'), '## Active Tasks\n\n- check the oven\n');
    const events: CoreEvent[] = [];
    c.events.on((e) => events.push(e));
    t.llm.enqueue({ text: '**HEARTBEAT_OK**', usage: { prompt_tokens: 120, completion_tokens: 3 } });
    const before = t.llm.requests.length;
    const run = await c.heartbeat.runNow();
    expect(run).toMatchObject({ outcome: 'silent', tokens: 123 });
    expect(t.llm.requests.length - before).toBe(1);
    const sent = JSON.stringify(t.llm.requests.at(-1)!.body.messages);
    expect(sent).toContain('check the oven');
    const stored = c.db.prepare("SELECT content FROM messages WHERE session_key = 'heartbeat:default'").all();
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toMatch(/heartbeat_ok/i);
    expect(JSON.stringify(t.llm.requests.at(-1)!.body.messages[0])).toContain('reply with HEARTBEAT_OK alone');
    expect(events.filter((e) => e.type === 'notify')).toHaveLength(0);
    expect(c.db.prepare("SELECT title FROM sessions WHERE key = 'heartbeat:default'").get()).toEqual({ title: 'Heartbeat' });
    // Nothing the windows receive carries the token either: no streamed tokens, no final text.
    expect(events.filter((e) => e.type === 'token')).toEqual([]);
    expect(JSON.stringify(events)).not.toMatch(/heartbeat_ok/i);
  });

  it('a report becomes a notification and the session answer, without the token', async () => {
    const c = open();
    writeFileSync(join(c.workspace(), 'HEARTBEAT.md'), '## Active Tasks\n\n- check the oven\n');
    const events: CoreEvent[] = [];
    c.events.on((e) => events.push(e));
    const report = `The oven is still on since 2 hours. ${'It is getting hot. '.repeat(20)}HEARTBEAT_OK`;
    t.llm.enqueue({ text: report });
    expect((await c.heartbeat.runNow()).outcome).toBe('notified');
    const note = events.find((e) => e.type === 'notify');
    expect(note).toMatchObject({ kind: 'heartbeat', sessionKey: 'heartbeat:default' });
    expect(JSON.stringify(note)).not.toContain('HEARTBEAT_OK');
    const assistant = c.db
      .prepare("SELECT content FROM messages WHERE session_key = 'heartbeat:default' AND role = 'assistant'")
      .all() as { content: string }[];
    expect(assistant.map((m) => m.content)).toEqual([report.replace(' HEARTBEAT_OK', '').trim()]);
  });

  it('the cron tool is registered and a job runs as a cron turn in a session of its own', async () => {
    const c = open();
    expect(c.tools.names()).toContain('cron');
    const added = c.cron.add({ sessionKey: 'desktop:main', message: 'Say hi', every_seconds: 3600 });
    if (!added.ok) throw new Error(added.error.message);
    const events: CoreEvent[] = [];
    c.events.on((e) => events.push(e));
    t.llm.enqueue({ text: 'Hi there!' });
    const run = await c.cron.runJobNow(added.value.id);
    expect(run).toMatchObject({ ok: true, value: { status: 'ok' } });
    expect(events).toContainEqual(expect.objectContaining({ type: 'notify', title: "Cron job 'Say hi'", body: 'Hi there!', sessionKey: `cron:${added.value.id}`, kind: 'cron' }));
    expect(c.cron.status()).toMatchObject({ started: false, jobs: [{ id: added.value.id, lastStatus: 'ok' }] });
  });

  it('no provider configured → skipped with that reason', async () => {
    const core = t.open({ agent: { provider: 'missing', timezone: 'UTC' }, heartbeat: { enable: true } });
    writeFileSync(join(core.workspace(), 'HEARTBEAT.md'), '## Active Tasks\n- x\n');
    expect(await core.heartbeat.runNow()).toMatchObject({ outcome: 'skipped', reason: { code: 'no_provider' } });
  });
});
