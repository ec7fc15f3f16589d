// Runs subagents: background agent turns in their own session (`subagent:<id>`) with a reduced tool set,
// no approvals prompts, a concurrency limit, live status per task, cancel, and an announcement of the
// result in the session that spawned them (whose agent then summarises it for the user).
import { randomBytes } from 'node:crypto';
import { addUsage, ZERO_USAGE } from '../model/chat-message';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { SessionRunner } from '../agent/session-runner';
import type { Database } from '../store/db';
import { appendMessage } from '../store/messages.repo';
import { ensureSession } from '../store/sessions.repo';
import type { Clock } from '../lib/clock';
import type { Emitter } from '../lib/emitter';
import { errResult, errorMessage, okResult, type Result } from '../lib/result';
import { coreError, type ServiceError } from '../lib/core-error';
import type { SubagentStatus, SubagentStatusSource } from '../runtime/subagent-status';
import { announcement, subagentSystemNote, SUMMARISE_FOR_USER } from './subagent-prompt';
import { isFinished, type SubagentTask } from './subagent-task';
import { noticeWords } from '../lib/notice-words';
import { textRef } from '../../../src-preload/contract/desktop-texts';

const LABEL_MAX_CHARS = 40;
/**
 * How many unattended follow-up turns may follow one another: a subagent's result starts a turn nobody asked for
 * (its summary), which may spawn another subagent, whose result starts the next… The turn at this depth starts no
 * new subagent, so a hijacked or confused model cannot keep itself running (and spending) without the user.
 */
export const MAX_UNATTENDED_FOLLOW_UPS = 3;
const TOOL_EVENTS_KEPT = 20;
const FINISHED_TASKS_KEPT = 20;

export interface SubagentManagerDeps {
  runner: Pick<SessionRunner, 'run' | 'cancel'> & Partial<Pick<SessionRunner, 'activeTurn'>>;
  events: Emitter<CoreEvent>;
  db: Database;
  clock: Clock;
  maxConcurrent(): number;
  newId?(): string;
}

/** A label from the task: its first line, shortened. */
export function defaultLabel(task: string): string {
  const line = task.trim().split('\n')[0]!.trim();
  return line.length > LABEL_MAX_CHARS ? `${line.slice(0, LABEL_MAX_CHARS - 1).trimEnd()}…` : line;
}

export class SubagentManager implements SubagentStatusSource {
  readonly #deps: SubagentManagerDeps;
  readonly #tasks = new Map<string, SubagentTask>();
  readonly #controllers = new Map<string, AbortController>();
  readonly #finished = new Map<string, Promise<void>>();
  readonly #unsubscribe: () => void;
  /** Aborts the summary turns in origin sessions when the core shuts down. */
  readonly #disposing = new AbortController();

  constructor(deps: SubagentManagerDeps) {
    this.#deps = deps;
    this.#unsubscribe = deps.events.on((event) => this.#onEvent(event));
  }

  /** Tasks still running. */
  running(): SubagentTask[] {
    return [...this.#tasks.values()].filter((t) => !isFinished(t));
  }

  /** All known tasks (running and recently finished), oldest first; copies. */
  tasks(originSessionKey?: string): SubagentTask[] {
    return [...this.#tasks.values()]
      .filter((t) => originSessionKey === undefined || t.originSessionKey === originSessionKey)
      .map((t) => ({ ...t, toolEvents: [...t.toolEvents] }));
  }

  get(id: string): SubagentTask | undefined {
    const t = this.#tasks.get(id);
    return t ? { ...t, toolEvents: [...t.toolEvents] } : undefined;
  }

  /**
   * Starts a subagent for `task` and returns at once; refuses when `agent.maxConcurrentSubagents` are
   * already running, or when the turn that asks (`turnId` in `originSessionKey`) is the last unattended follow-up
   * a chain may have. The result is announced in `originSessionKey`.
   */
  spawn(task: string, label: string | undefined, originSessionKey: string, turnId?: string): Result<SubagentTask, ServiceError<'invalid' | 'unavailable' | 'refused'>> {
    const text = task.trim();
    if (!text) return errResult(coreError('invalid', 'Error: the task is empty; describe what the subagent should do.'));
    const followUp = this.#followUpOf(originSessionKey, turnId);
    if (followUp >= MAX_UNATTENDED_FOLLOW_UPS) {
      this.#noteChainEnd(originSessionKey);
      return errResult(
        coreError(
          'refused',
          `Error: no new subagent: this turn follows a subagent's result without the user (${followUp} such turns in a row; ` +
            `the limit is ${MAX_UNATTENDED_FOLLOW_UPS}). Tell the user what you have; they can ask you to go on.`,
        ),
      );
    }
    const limit = this.#deps.maxConcurrent();
    const running = this.running().length;
    if (running >= limit) {
      return errResult(
        coreError(
          'unavailable',
          `Error: ${running} subagent(s) are already running (the limit is ${limit}, agent.maxConcurrentSubagents). ` +
            'Wait for one to finish (check with my: subagents) or do this task yourself.',
        ),
      );
    }
    const id = this.#deps.newId?.() ?? randomBytes(4).toString('hex');
    const entry: SubagentTask = {
      id,
      label: label?.trim() ? label.trim().slice(0, LABEL_MAX_CHARS) : defaultLabel(text),
      task: text,
      originSessionKey,
      sessionKey: `subagent:${id}`,
      startedAt: this.#deps.clock.now(),
      phase: 'initializing',
      iteration: 0,
      toolEvents: [],
      followUp,
    };
    this.#tasks.set(id, entry);
    this.#prune();
    const controller = new AbortController();
    this.#controllers.set(id, controller);
    this.#finished.set(id, this.#run(entry, controller.signal));
    this.#changed(entry);
    return okResult({ ...entry, toolEvents: [] });
  }

  /** Cancels a running subagent; false when it is unknown or already finished. */
  cancel(id: string): boolean {
    const task = this.#tasks.get(id);
    const controller = this.#controllers.get(id);
    if (!task || !controller || isFinished(task)) return false;
    controller.abort();
    return true;
  }

  /** Resolves when the subagent has finished and its announcement (and summary turn) is done. */
  async wait(id: string): Promise<SubagentTask | undefined> {
    await this.#finished.get(id);
    return this.get(id);
  }

  /** SubagentStatusSource for the runtime policy (`my` check subagents, runtime panel). */
  list(): SubagentStatus[] {
    const now = this.#deps.clock.now();
    return [...this.#tasks.values()].map((t) => ({
      id: t.id,
      label: t.label,
      phase: t.phase,
      iteration: t.iteration,
      elapsedSeconds: ((t.finishedAt ?? now) - t.startedAt) / 1000,
      toolEvents: t.toolEvents.map((e) => ({ name: e.name, status: e.status })),
      ...(t.usage ? { usage: t.usage } : {}),
      ...(t.error ? { error: t.error } : {}),
      ...(t.stopReason ? { stopReason: t.stopReason } : {}),
      parentSessionKey: t.originSessionKey,
    }));
  }

  /** Cancels everything and stops listening. */
  async dispose(): Promise<void> {
    this.#unsubscribe();
    this.#disposing.abort();
    for (const c of this.#controllers.values()) c.abort();
    await Promise.allSettled([...this.#finished.values()]);
  }

  async #run(task: SubagentTask, signal: AbortSignal): Promise<void> {
    try {
      const result = await this.#deps.runner.run({
        sessionKey: task.sessionKey,
        text: task.task,
        interactive: false,
        source: 'subagent',
        extraSystem: subagentSystemNote(task),
        // files, exec and web: each tool says whether subagents may use it (never message, spawn, cron or MCP tools)
        toolFilter: (tool) => tool.forSubagents === true,
        signal,
      });
      task.usage = result.usage;
      task.stopReason = result.stopReason;
      task.result = result.text;
      if (result.stopReason === 'error') {
        task.phase = 'error';
        task.error = result.error ?? 'the turn failed';
      } else {
        task.phase = 'final_response';
      }
    } catch (err) {
      task.phase = 'error';
      task.error = errorMessage(err);
    }
    this.#changed(task);
    await this.#announce(task);
    if (task.phase !== 'error') task.phase = 'done';
    task.finishedAt = this.#deps.clock.now();
    this.#controllers.delete(task.id);
    this.#changed(task);
  }

  async #announce(task: SubagentTask): Promise<void> {
    const { db, events, clock, runner } = this.#deps;
    const content = announcement(task);
    try {
      ensureSession(db, task.originSessionKey, clock.now());
      appendMessage(db, {
        sessionKey: task.originSessionKey,
        role: 'system',
        content,
        meta: { visibleToModel: true, source: 'subagent', subagentId: task.id },
        createdAt: clock.now(),
      });
    } catch (err) {
      task.error ??= `could not announce the result: ${errorMessage(err)}`;
      return;
    }
    events.emit({ type: 'session.message', sessionKey: task.originSessionKey, role: 'system', content, at: clock.now() });
    if (task.stopReason === 'cancelled') return; // the user stopped it: no summary turn, no notification
    const summary = await runner.run({
      sessionKey: task.originSessionKey,
      text: SUMMARISE_FOR_USER,
      persistUserMessage: false,
      source: 'system',
      interactive: false,
      followUp: task.followUp + 1,
      signal: this.#disposing.signal,
    });
    const body = (summary.text || task.result || task.error || '').trim();
    events.emit({
      type: 'notify',
      ...noticeWords(textRef(task.phase === 'error' ? 'notify.subagentFailed' : 'notify.subagentFinished', { label: task.label }), body.length > 240 ? `${body.slice(0, 239)}…` : body),
      sessionKey: task.originSessionKey,
      kind: 'subagent',
    });
  }

  /** How many unattended follow-up turns led to the asking turn (0 for a turn the user, a job or a beat started). */
  #followUpOf(sessionKey: string, turnId: string | undefined): number {
    const active = this.#deps.runner.activeTurn?.(sessionKey);
    if (!active || (turnId !== undefined && active.turnId !== turnId)) return 0;
    return active.followUp ?? 0;
  }

  /** Tells the user in the session that a chain of follow-ups ended here (the model gets the refusal). */
  #noteChainEnd(sessionKey: string): void {
    const { db, events, clock } = this.#deps;
    const content =
      `[Nanotray started no further subagent: ${MAX_UNATTENDED_FOLLOW_UPS} follow-up turns ran in a row without you ` +
      '(each after a subagent finished). Write in this chat if the work should go on.]';
    try {
      appendMessage(db, { sessionKey, role: 'system', content, meta: { visibleToModel: false, source: 'subagent' }, createdAt: clock.now() });
    } catch {
      return; // the refusal still reaches the model; the note is a courtesy
    }
    events.emit({ type: 'session.message', sessionKey, role: 'system', content, at: clock.now() });
  }

  #onEvent(event: CoreEvent): void {
    if (!('sessionKey' in event) || !event.sessionKey.startsWith('subagent:')) return;
    const task = this.#tasks.get(event.sessionKey.slice('subagent:'.length));
    if (!task || isFinished(task)) return;
    switch (event.type) {
      case 'tool.started':
        task.phase = 'awaiting_tools';
        task.toolEvents.push({ callId: event.callId, name: event.name, status: 'running' });
        if (task.toolEvents.length > TOOL_EVENTS_KEPT) task.toolEvents.shift();
        break;
      case 'tool.finished': {
        const entry = task.toolEvents.find((e) => e.callId === event.callId);
        if (entry) entry.status = event.ok ? 'ok' : 'error';
        if (!task.toolEvents.some((e) => e.status === 'running')) task.phase = 'tools_completed';
        break;
      }
      case 'usage':
        task.usage = addUsage(task.usage ?? ZERO_USAGE, event.usage);
        task.iteration = this.#deps.runner.activeTurn?.(task.sessionKey)?.iteration ?? task.iteration + 1;
        break;
      default:
        return;
    }
    this.#changed(task);
  }

  #changed(task: SubagentTask): void {
    this.#deps.events.emit({ type: 'subagents.changed', sessionKey: task.originSessionKey });
  }

  #prune(): void {
    const finished = [...this.#tasks.values()].filter(isFinished);
    for (const t of finished.slice(0, Math.max(0, finished.length - FINISHED_TASKS_KEPT))) {
      this.#tasks.delete(t.id);
      this.#finished.delete(t.id);
    }
  }
}
