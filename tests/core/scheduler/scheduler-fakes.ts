// Test doubles for the scheduler: a manual clock and a scripted turn runner that writes like the real one.
import type { Clock } from '../../../src-main/core/lib/clock';
import type { Database } from '../../../src-main/core/store/sqlite-driver';
import { ensureSession } from '../../../src-main/core/store/sessions.repo';
import type {
  ScheduledTurnRequest,
  ScheduledTurnResult,
  TurnRunner,
} from '../../../src-main/core/scheduler/turn-runner';

/** A clock that only moves when the test says so. */
export class FakeClock implements Clock {
  #now: number;
  #timers: { at: number; fn: () => void; id: number }[] = [];
  #nextId = 1;

  constructor(start: number) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(fn: () => void, ms: number): () => void {
    const id = this.#nextId++;
    this.#timers.push({ at: this.#now + ms, fn, id });
    return () => {
      this.#timers = this.#timers.filter((t) => t.id !== id);
    };
  }

  /** Moves time forward, firing due timers in order (and letting their promises settle). */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    for (;;) {
      const due = this.#timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t.id !== due.id);
      this.#now = Math.max(this.#now, due.at);
      due.fn();
      await flush();
    }
    this.#now = target;
    await flush();
  }

  get pendingTimers(): number {
    return this.#timers.length;
  }
}

export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise<void>((r) => setImmediate(r));
}

export type ScriptedReply =
  | { text: string; tokens?: number; error?: string; stopReason?: ScheduledTurnResult['stopReason'] }
  | ((request: ScheduledTurnRequest) => Promise<ScheduledTurnResult> | ScheduledTurnResult);

/** A TurnRunner that stores the user and assistant messages like the session runner, with scripted replies. */
export class FakeRunner implements TurnRunner {
  requests: ScheduledTurnRequest[] = [];
  replies: ScriptedReply[] = [];
  busy = false;
  #turn = 0;

  constructor(private readonly db: Database) {}

  isBusy(): boolean {
    return this.busy;
  }

  async run(request: ScheduledTurnRequest): Promise<ScheduledTurnResult> {
    this.requests.push(request);
    const turnId = `turn-${++this.#turn}`;
    const reply = this.replies.shift() ?? { text: 'HEARTBEAT_OK' };
    if (typeof reply === 'function') return reply(request);
    ensureSession(this.db, request.sessionKey);
    const insert = this.db.prepare(
      'INSERT INTO messages (session_key, turn_id, role, content, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    insert.run(request.sessionKey, turnId, 'user', request.text, Date.now());
    if (!reply.error) insert.run(request.sessionKey, turnId, 'assistant', reply.text, Date.now());
    const tokens = reply.tokens ?? 100;
    return {
      turnId,
      stopReason: reply.stopReason ?? (reply.error ? 'error' : 'completed'),
      text: reply.error ? '' : reply.text,
      ...(reply.error ? { error: reply.error } : {}),
      usage: { promptTokens: tokens - 10, completionTokens: 10, totalTokens: tokens },
    };
  }
}
