// Bundled and run by scripts/bench-scheduler.mjs: one simulated day of an idle heartbeat on a fake clock,
// through createCore with the real session runner (so any model call would reach the bench's server).
import { createCore } from '../src-main/core/nanotray-core';
import { FakeClock } from '../tests/helpers/fake-clock';

export interface IdleDayResult {
  ticks: number;
  outcomes: Record<string, number>;
  reasons: Record<string, number>;
  heartbeatTokens: number;
  usageTokens: number;
  wallMs: number;
}

/** Runs the heartbeat of `home` (bundled HEARTBEAT.md template) over `hours` simulated hours. */
export async function idleDay(home: string, hours = 24): Promise<IdleDayResult> {
  const clock = new FakeClock(Date.UTC(2026, 0, 1, 0, 0, 0));
  const created = createCore({ host: 'test', home, env: { PATH: process.env.PATH }, clock, startBackground: true });
  if (!created.ok) throw new Error(created.error);
  const core = created.value;
  const started = performance.now();
  try {
    await clock.advanceSettled(hours * 3600_000, 20);
    const runs = core.db.prepare('SELECT outcome, reason, tokens FROM heartbeat_runs').all() as {
      outcome: string;
      reason: string;
      tokens: number;
    }[];
    const outcomes: Record<string, number> = {};
    const reasons: Record<string, number> = {};
    for (const r of runs) {
      outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
      if (r.reason) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
    }
    const usage = core.db.prepare('SELECT coalesce(sum(total_tokens), 0) AS n FROM usage').get() as { n: number };
    return {
      ticks: runs.length,
      outcomes,
      reasons,
      heartbeatTokens: runs.reduce((sum, r) => sum + r.tokens, 0),
      usageTokens: usage.n,
      wallMs: performance.now() - started,
    };
  } finally {
    await core.dispose();
  }
}
