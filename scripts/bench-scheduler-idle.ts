// Bundled and run by scripts/bench-scheduler.mjs: one simulated day of an idle heartbeat on a fake clock,
// through createCore with the real session runner (so any model call would reach the bench's server).
import { createCore } from '../src-main/core/nanotray-core';
import type { Clock } from '../src-main/core/lib/clock';

class ManualClock implements Clock {
  #now: number;
  #timers: { at: number; fn: () => void; id: number }[] = [];
  #id = 0;
  constructor(start: number) {
    this.#now = start;
  }
  now(): number {
    return this.#now;
  }
  setTimeout(fn: () => void, ms: number): () => void {
    const id = ++this.#id;
    this.#timers.push({ at: this.#now + ms, fn, id });
    return () => {
      this.#timers = this.#timers.filter((t) => t.id !== id);
    };
  }
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    for (;;) {
      const due = this.#timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t.id !== due.id);
      this.#now = due.at;
      due.fn();
      for (let i = 0; i < 20; i++) await new Promise<void>((r) => setImmediate(r));
    }
    this.#now = target;
  }
}

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
  const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0));
  const created = createCore({ host: 'test', home, env: { PATH: process.env.PATH }, clock, startBackground: true });
  if (!created.ok) throw new Error(created.error);
  const core = created.value;
  const started = performance.now();
  try {
    await clock.advance(hours * 3600_000);
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
