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
  /** RSS after 10 s of real idle and a full GC once the first simulated hour ran, and at the end of the day. */
  rssStartMb: number;
  rssEndMb: number;
  /** V8 heap in use after that GC: what grows here is kept by the code (RSS also moves with the allocator). */
  heapStartMb: number;
  heapEndMb: number;
  /** V8 heap size (what it reserved; its young generation grows towards a fixed maximum under allocation). */
  heapTotalStartMb: number;
  heapTotalEndMb: number;
}

/** RSS and heap in use in MB after a full garbage collection (so what is measured is what stays). */
function settledMemory(): { rss: number; heap: number; heapTotal: number } {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc === 'function') gc();
  const m = process.memoryUsage();
  return { rss: m.rss / 1048576, heap: m.heapUsed / 1048576, heapTotal: m.heapTotal / 1048576 };
}

/**
 * A real daemon idles for minutes between its timers, and V8 gives back what its young generation took meanwhile
 * (its memory reducer runs after some seconds without allocation). A simulated day runs in ~0.2 s and never idles:
 * measured right after it, RSS shows the young generation's pages touched (up to 16 MB), not what the code keeps.
 * So memory is read after this much real idle time, at the start of the day and at its end alike.
 */
const REAL_IDLE_MS = 10_000;

async function idleMemory(): Promise<{ rss: number; heap: number; heapTotal: number }> {
  await new Promise((resolve) => setTimeout(resolve, REAL_IDLE_MS));
  return settledMemory();
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
    const start = await idleMemory();
    await clock.advanceSettled((hours - 1) * 3600_000, 20);
    const end = await idleMemory();
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
      wallMs: performance.now() - started - 2 * REAL_IDLE_MS,
      rssStartMb: start.rss,
      rssEndMb: end.rss,
      heapStartMb: start.heap,
      heapEndMb: end.heap,
      heapTotalStartMb: start.heapTotal,
      heapTotalEndMb: end.heapTotal,
    };
  } finally {
    await core.dispose();
  }
}
