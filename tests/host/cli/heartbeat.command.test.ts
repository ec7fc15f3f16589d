// `nanotray heartbeat run|status` in process, against a temp home and the scripted LLM server.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliHarness } from './cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });

describe('nanotray heartbeat', () => {
  it('run with the bundled template: skipped with the reason, 0 tokens, no model request', async () => {
    t.open({ heartbeat: { enable: true } });
    const before = t.llm.requests.length;
    const io = await t.run(['heartbeat', 'run']);
    expect(io.code).toBe(0);
    expect(io.out).toBe('heartbeat: skipped — no active tasks in HEARTBEAT.md (tokens used: 0)\n');
    expect(t.llm.requests.length).toBe(before);
  });

  it('run with a task: silent and notified outcomes with tokens used', async () => {
    t.open({ heartbeat: { enable: true } });
    writeFileSync(join(t.home.workspace, 'HEARTBEAT.md'), '## Active Tasks\n- check the mail\n');
    t.llm.enqueue({ text: 'HEARTBEAT_OK', usage: { prompt_tokens: 90, completion_tokens: 4 } });
    let io = await t.run(['heartbeat', 'run']);
    expect(io.code).toBe(0);
    expect(io.out).toBe('heartbeat: silent — nothing to report (tokens used: 94)\n');

    t.llm.enqueue({ text: 'You have a letter from the bank.', usage: { prompt_tokens: 100, completion_tokens: 8 } });
    io = await t.run(['heartbeat', 'run']);
    expect(io.code).toBe(0);
    expect(io.out).toBe('heartbeat: notified (tokens used: 108)\nYou have a letter from the bank.\n');
  });

  it('a failed run exits 1', async () => {
    t.open({ heartbeat: { enable: true } });
    writeFileSync(join(t.home.workspace, 'HEARTBEAT.md'), '## Active Tasks\n- check the mail\n');
    t.llm.setFallback({ status: 400, errorMessage: 'bad request from the test' }); // refused in every shape
    const io = await t.run(['heartbeat', 'run']);
    expect(io.code).toBe(1);
    expect(io.out).toMatch(/^heartbeat: failed — .*bad request from the test.*\(tokens used: 0\)\n/);
  });

  it('status lists the last runs', async () => {
    t.open({ heartbeat: { enable: true, intervalMinutes: 15 }, agent: { timezone: 'UTC' } });
    await t.run(['heartbeat', 'run']);
    const io = await t.run(['heartbeat', 'status']);
    expect(io.code).toBe(0);
    const out = io.out;
    expect(out).toContain('Heartbeat: stopped (every 15 min)');
    expect(out).toContain('Next due: — (no process runs heartbeat and cron now (start the desktop app, `nanotray web` or `nanotray daemon`))');
    expect(out).toContain('Tokens today: 0 of 200000');
    expect(out).toMatch(/Last runs:\n {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}skipped +no active tasks in HEARTBEAT\.md {2}\(0 tokens, \d+ ms\)/);
  });

  it('an unknown action exits 2', async () => {
    t.open();
    const io = await t.run(['heartbeat', 'explode']);
    expect(io.code).toBe(2);
    expect(io.err).toBe("nanotray heartbeat: unknown action 'explode'. Use 'run' or 'status'.\n");
  });
});
