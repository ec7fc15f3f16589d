// Requests for input from MCP servers that wait for the user: shown by the windows and the CLI (events), answered
// once (a form's answer validated against its fields, defaults filled), cancelled by the turn's Stop, a timeout
// or shutdown.
import { randomUUID } from 'node:crypto';
import type { CoreEvent } from '../../../../src-preload/contract/event-schemas';
import {
  answerProblems,
  elicitationAnswerSchema,
  type ElicitationAction,
  type ElicitationContent,
  type ElicitationProblem,
  type ElicitationRequest,
} from '../../../../src-preload/contract/elicitation-schemas';
import type { Clock } from '../../lib/clock';
import { failure, type ServiceError } from '../../lib/core-error';
import { okResult, type Result } from '../../lib/result';
import { withDefaults } from './elicitation-form';

/** Ten minutes without an answer count as "cancel" (the server's call waits that long at most, its clock paused). */
export const ELICITATION_TIMEOUT_MS = 10 * 60_000;

/** What the user answered: a form's content comes validated and with its defaults filled. */
export type ElicitationAnswer = { action: 'accept'; content?: ElicitationContent } | { action: 'decline' } | { action: 'cancel' };

/** Why an answer was not taken: no such request any more, or it does not fit the form (`problems` per field). */
export type RespondError = ServiceError<'not_found'> | { code: 'invalid'; message: string; problems: ElicitationProblem[] };

/** A request before it waits: everything but its id and expiry. */
export type ElicitationAsk = Omit<ElicitationRequest, 'id' | 'expiresAt'>;

export interface ElicitationServiceOptions {
  emit(event: CoreEvent): void;
  clock: Clock;
  timeoutMs?: number;
  newId?(): string;
}

interface Waiting {
  request: ElicitationRequest;
  finish(answer: ElicitationAnswer): void;
}

function invalid(message: string, problems: ElicitationProblem[]): Result<never, RespondError> {
  return { ok: false, error: { code: 'invalid', message, problems } };
}

export class ElicitationService {
  readonly #waiting = new Map<string, Waiting>();

  constructor(private readonly options: ElicitationServiceOptions) {}

  /** Shows the request (`elicitation.requested`) and resolves with the answer; `signal` cancels it. Never rejects. */
  ask(ask: ElicitationAsk, signal: AbortSignal): Promise<ElicitationAnswer> {
    if (signal.aborted) return Promise.resolve({ action: 'cancel' });
    const timeoutMs = this.options.timeoutMs ?? ELICITATION_TIMEOUT_MS;
    const request: ElicitationRequest = { ...ask, id: this.options.newId?.() ?? randomUUID(), expiresAt: this.options.clock.now() + timeoutMs };
    return new Promise((resolve) => {
      let cancelTimer = (): void => {};
      const onAbort = (): void => finish({ action: 'cancel' });
      const finish = (answer: ElicitationAnswer): void => {
        if (!this.#waiting.delete(request.id)) return;
        cancelTimer();
        signal.removeEventListener('abort', onAbort);
        this.options.emit({ type: 'elicitation.resolved', id: request.id, sessionKey: request.sessionKey, action: answer.action });
        resolve(answer);
      };
      this.#waiting.set(request.id, { request, finish });
      cancelTimer = this.options.clock.setTimeout(() => finish({ action: 'cancel' }), timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      this.options.emit({ type: 'elicitation.requested', ...request });
    });
  }

  /**
   * Answers a waiting request. `accept` of a form needs content that fits its fields (defaults fill what was left
   * out); `accept` of a link says the user opened it, and is refused for one Nanotray does not open.
   */
  respond(id: string, action: ElicitationAction, content?: ElicitationContent): Result<void, RespondError> {
    const waiting = this.#waiting.get(id);
    if (!waiting) return failure('not_found', `No request for input ${id} is waiting (it was answered, cancelled or expired).`);
    if (action !== 'accept') {
      waiting.finish({ action });
      return okResult(undefined);
    }
    const { request } = waiting;
    if (request.mode === 'url') {
      if (!request.link?.opens) return invalid('Nanotray opens only https addresses (or http on this computer): decline this request.', []);
      waiting.finish({ action: 'accept' });
      return okResult(undefined);
    }
    const fields = request.fields ?? [];
    const filled = withDefaults(fields, content ?? {});
    const problems = answerProblems(fields, filled);
    const checked = elicitationAnswerSchema(fields).safeParse(filled);
    if (!checked.success) {
      const named = problems.map((p) => `${fields.find((f) => f.name === p.field)?.label ?? p.field}: ${p.code.replace(/_/g, ' ')}${p.limit !== undefined ? ` ${p.limit}` : ''}`);
      return invalid(`The answer does not fit the form: ${named.join('; ')}`, problems);
    }
    waiting.finish({ action: 'accept', content: checked.data });
    return okResult(undefined);
  }

  /** Requests still waiting, optionally of one session. */
  pending(sessionKey?: string): ElicitationRequest[] {
    return [...this.#waiting.values()].map((w) => w.request).filter((r) => sessionKey === undefined || r.sessionKey === sessionKey);
  }

  /** Cancels everything still waiting (shutdown). */
  dispose(): void {
    for (const waiting of [...this.#waiting.values()]) waiting.finish({ action: 'cancel' });
  }
}
