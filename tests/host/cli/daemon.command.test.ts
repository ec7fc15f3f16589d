// `nanotray daemon` spawned for real: runs cron jobs (late `at` once, `every` on time), prints notifications, stops on SIGTERM.
import { describe, expect, it } from 'vitest';
import { useCliHarness } from './cli-harness';

const t = useCliHarness({ approvalMode: 'auto' });

describe('nanotray daemon', () => {
  it('runs jobs, prints each notification, and exits 0 on SIGTERM without node-cron noise', async () => {
    t.open({ agent: { timezone: 'UTC' } });
    t.llm.setFallback((request) => {
      const text = JSON.stringify(request.body.messages.at(-1));
      return { text: text.includes('pay the rent') ? 'Rent reminder sent.' : 'pong' };
    });
    expect((await t.run(['cron', 'add', '--message', 'pay the rent', '--at', '2020-01-01T09:00:00', '--name', 'rent'])).code).toBe(0);
    expect((await t.run(['cron', 'add', '--message', 'ping', '--every-seconds', '1'])).code).toBe(0);

    const daemon = t.start(['daemon']);
    const deadline = Date.now() + 15_000;
    while ((daemon.stdout().match(/\[cron\] Cron job 'ping': pong/g) ?? []).length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    daemon.child.kill('SIGTERM');
    expect(await daemon.exited).toBe(0);
    const stdout = daemon.stdout();
    const stderr = daemon.stderr();

    const lines = stdout.trim().split('\n');
    expect(lines.filter((l) => l.includes("[cron] Cron job 'rent' (late): Rent reminder sent."))).toHaveLength(1);
    expect(lines.filter((l) => l.includes("[cron] Cron job 'ping': pong")).length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \[cron\] /);
    expect(stderr).toContain('nanotray daemon: running (heartbeat disabled; 2 cron job(s)). Ctrl-C to stop.');
    expect(stderr).toContain('nanotray daemon: stopped (SIGTERM).');
    expect(stderr).not.toMatch(/NODE-CRON/i);

    // The late `at` job ran once and is gone; the recurring one stays.
    const list = await t.run(['cron', 'list']);
    expect(list.out).toMatch(/^Scheduled jobs:\n- ping \(id: \w+, every 1s, session: cli:default, last: ok\)\n$/);
  }, 30_000);
});
