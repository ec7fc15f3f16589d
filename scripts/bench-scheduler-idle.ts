// Bundled and run by scripts/bench-scheduler.mjs: one simulated day of an idle heartbeat on a fake clock,
// through createCore with the real session runner (so any model call would reach the bench's server).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createCore } from '../src-main/core/nanotray-core';
import { FakeClock } from '../tests/helpers/fake-clock';

export interface IdleDayResult {
  ticks: number;
  outcomes: Record<string, number>;
  reasons: Record<string, number>;
  heartbeatTokens: number;
  usageTokens: number;
  /** Timers that fired in the simulated day: each one woke the process. */
  wakeUps: number;
  wallMs: number;
  /** RSS after a full GC once the first simulated hour ran, and at the end of the day. */
  rssStartMb: number;
  rssEndMb: number;
  /** V8 heap in use after that GC: what grows here is kept by the code (RSS also moves with the allocator). */
  heapStartMb: number;
  heapEndMb: number;
}

/** RSS and heap in use in MB after a full garbage collection (so what is measured is what stays). */
function settledMemory(): { rss: number; heap: number } {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc === 'function') gc();
  const m = process.memoryUsage();
  return { rss: m.rss / 1048576, heap: m.heapUsed / 1048576 };
}

/** Runs the heartbeat of `home` (bundled HEARTBEAT.md template) over `hours` simulated hours. */
export async function idleDay(home: string, hours = 24): Promise<IdleDayResult> {
  const clock = new FakeClock(Date.UTC(2026, 0, 1, 0, 0, 0));
  const created = createCore({ host: 'test', home, env: { PATH: process.env.PATH }, clock, startBackground: true });
  if (!created.ok) throw new Error(created.error);
  const core = created.value;
  const started = performance.now();
  try {
    await clock.advanceSettled(3600_000, 20);
    const start = settledMemory();
    await clock.advanceSettled((hours - 1) * 3600_000, 20);
    const end = settledMemory();
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
      wakeUps: clock.fired,
      wallMs: performance.now() - started,
      rssStartMb: start.rss,
      rssEndMb: end.rss,
      heapStartMb: start.heap,
      heapEndMb: end.heap,
    };
  } finally {
    await core.dispose();
  }
}
