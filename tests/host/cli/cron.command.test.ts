// `nanotray cron list|add|edit|remove` in process: `id: <id>`, the tool's messages, exit codes.
import { describe, expect, it } from 'vitest';
import { useCliHarness } from './cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });

const cli = (...args: string[]) => t.run(['cron', ...args]);

describe('nanotray cron', () => {
  it('add prints the id; list shows the job; remove deletes it', async () => {
    t.openBare({ agent: { timezone: 'Europe/Berlin' } });
    expect(await cli('list')).toEqual({ code: 0, out: 'No scheduled jobs.\n', err: '' });
    const added = await cli('add', '--message', 'Drink water', '--every-seconds', '1800');
    expect(added.code).toBe(0);
    const id = /^id: ([0-9a-f]{8})\n$/.exec(added.out)?.[1];
    expect(id).toBeDefined();
    expect((await cli('list')).out).toBe(`Scheduled jobs:\n- Drink water (id: ${id}, every 30m, session: cli:default)\n`);
    const cronAdded = await cli('add', '--message', 'Standup notes', '--cron-expr', '0 9 * * 1-5', '--tz', 'UTC', '--name', 'standup', '--session', 'desktop:work');
    const id2 = /^id: (\w+)/.exec(cronAdded.out)?.[1];
    expect((await cli('list')).out).toContain(`- standup (id: ${id2}, cron '0 9 * * 1-5' (UTC), session: desktop:work)`);
    expect(await cli('remove', id!)).toEqual({ code: 0, out: `Removed job ${id}\n`, err: '' });
    expect(await cli('remove', id!)).toEqual({ code: 1, out: '', err: `Error: job '${id}' not found\n` });
  });

  it('edit changes what is given and keeps the rest, under the same id', async () => {
    t.openBare({ agent: { timezone: 'UTC' } });
    const id = /^id: (\w+)/.exec((await cli('add', '--message', 'Standup notes', '--cron-expr', '0 9 * * 1-5', '--name', 'standup', '--session', 'desktop:work')).out)?.[1];
    expect(await cli('edit', id!, '--cron-expr', '30 8 * * 1-5', '--tz', 'Europe/Berlin')).toEqual({ code: 0, out: `Updated job ${id}\n`, err: '' });
    expect((await cli('list')).out).toBe(`Scheduled jobs:\n- standup (id: ${id}, cron '30 8 * * 1-5' (Europe/Berlin), session: desktop:work)\n`);
    expect((await cli('edit', id!, '--message', 'Write the standup notes', '--name', 'notes')).code).toBe(0);
    expect((await cli('list')).out).toContain(`- notes (id: ${id}, cron '30 8 * * 1-5' (Europe/Berlin), session: desktop:work)`);
    expect(await cli('edit', id!, '--cron-expr', '0 9 * *')).toEqual({ code: 1, out: '', err: "Error: invalid cron expression '0 9 * *'\n" });
    expect(await cli('edit', id!, '--cron-expr', '0 7 * * 1-5')).toEqual({ code: 0, out: `Updated job ${id}\n`, err: '' });
    expect((await cli('list')).out).toContain(`- notes (id: ${id}, cron '0 7 * * 1-5' (Europe/Berlin), session: desktop:work)`);
    expect((await cli('edit', id!, '--tz', 'Asia/Tokyo')).code).toBe(0);
    expect((await cli('list')).out).toContain(`- notes (id: ${id}, cron '0 7 * * 1-5' (Asia/Tokyo), session: desktop:work)`);
    expect((await cli('edit', id!, '--cron-expr', '30 8 * * 1-5', '--tz', 'Europe/Berlin')).code).toBe(0);
    expect(await cli('edit', 'deadbeef', '--message', 'x')).toEqual({ code: 1, out: '', err: "Error: job 'deadbeef' not found\n" });
    expect((await cli('list')).out).toContain(`- notes (id: ${id}, cron '30 8 * * 1-5' (Europe/Berlin)`);
  });

  it('gives the tool messages and exits 1 on invalid input', async () => {
    t.openBare({ agent: { timezone: 'UTC' } });
    const cases: [string[], string][] = [
      [['add', '--every-seconds', '5'], "Error: cron action='add' requires a non-empty 'message' parameter describing what to do when the job triggers (e.g. the reminder text). Retry including message=\"...\"."],
      [['add', '--message', 'x'], 'Error: either every_seconds, cron_expr, or at is required'],
      [['add', '--message', 'x', '--every-seconds', '5', '--tz', 'UTC'], 'Error: tz can only be used with cron_expr'],
      [['add', '--message', 'x', '--cron-expr', '0 9 * * *', '--tz', 'Atlantis/Capital'], "Error: unknown timezone 'Atlantis/Capital'"],
      [['add', '--message', 'x', '--cron-expr', '0 9 * *'], "Error: invalid cron expression '0 9 * *'"],
      [['add', '--message', 'x', '--at', '2026-02-31T10:00:00'], "Error: invalid ISO datetime format '2026-02-31T10:00:00'. Expected format: YYYY-MM-DDTHH:MM:SS"],
      [['add', '--message', 'x', '--every-seconds', 'often'], 'Error: every_seconds must be a whole number of seconds, at least 1'],
      [['remove'], 'Error: job_id is required for remove'],
    ];
    for (const [args, message] of cases) {
      expect(await cli(...args)).toEqual({ code: 1, out: '', err: `${message}\n` });
    }
    expect((await cli('list')).out).toBe('No scheduled jobs.\n');
  });

  it('an unknown action exits 2', async () => {
    t.openBare({});
    expect(await cli('frobnicate')).toEqual({ code: 2, out: '', err: "nanotray cron: unknown action 'frobnicate'. Use list, add, edit, remove or run.\n" });
  });
});
