// Test doubles for the scheduler: the shared manual clock and a scripted turn runner that writes like the real one.
import type { Database } from '../../../src-main/core/store/db';
import { ensureSession } from '../../../src-main/core/store/sessions.repo';
import type {
  ScheduledTurnRequest,
  ScheduledTurnResult,
  TurnRunner,
} from '../../../src-main/core/scheduler/turn-runner';

export { FakeClock, flush } from '../../helpers/fake-clock';

export type ScriptedReply =
  | { text: string; tokens?: number; error?: string; stopReason?: ScheduledTurnResult['stopReason'] }
  | ((request: ScheduledTurnRequest) => Promise<ScheduledTurnResult> | ScheduledTurnResult);

/**
 * A TurnRunner that stores messages like the session runner, with scripted replies: the user message, and
 * the answer unless the turn is quiet (a quiet turn leaves storing its answer to the caller).
 */
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
    if (!reply.error && !request.quiet) insert.run(request.sessionKey, turnId, 'assistant', reply.text, Date.now());
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
