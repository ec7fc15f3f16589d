// Pending memory changes: what the agent wants to write into a prompt file while nobody reviews it waits here
// (in SQLite, across restarts) until the user accepts, edits or rejects it. Nothing reaches the file before.
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { Clock } from '../lib/clock';
import type { Emitter } from '../lib/emitter';
import { errResult, okResult, type Result } from '../lib/result';
import type { Database } from '../store/db';
import {
  getPendingChange,
  insertPendingChange,
  listOpenPendingChanges,
  resolvePendingChange,
  updatePendingProposal,
  type PendingChange,
  type PendingSource,
} from '../store/memory-pending.repo';
import type { MemoryFiles } from './memory-files';

export type { PendingChange, PendingSource } from '../store/memory-pending.repo';

/** A waiting change with the file as it is now: `conflict` when the file changed since it was proposed. */
export interface PendingChangeView extends PendingChange {
  conflict: boolean;
  currentContent: string;
  currentVersion: string;
}

/** Why a review action failed. */
export interface ReviewError {
  code: 'not_found' | 'invalid_path' | 'write_failed';
  message: string;
}

export type AcceptOutcome =
  | { status: 'applied'; path: string; version: string }
  /** The file changed since `baseVersion`: nothing was written, the change still waits (merge, then accept again). */
  | { status: 'conflict'; path: string; currentContent: string; currentVersion: string };

export interface ProposeInput {
  path: string;
  content: string;
  source: PendingSource;
  sessionKey: string;
  tool?: string;
}

export interface MemoryReviewOptions {
  db: Database;
  memory: MemoryFiles;
  events: Emitter<CoreEvent>;
  clock: Clock;
}

const notWaiting = (id: number): ReviewError => ({
  code: 'not_found',
  message: `Error: no pending memory change ${id} (it was accepted or rejected already, or never existed).`,
});

export class MemoryReview {
  readonly #opts: MemoryReviewOptions;

  constructor(options: MemoryReviewOptions) {
    this.#opts = options;
  }

  /** Keeps `content` for `path` as a pending change (undefined when it is what the file holds already). */
  propose(input: ProposeInput): Result<PendingChange | undefined, ReviewError> {
    const current = this.#opts.memory.read(input.path);
    if (!current.ok) return errResult({ code: 'invalid_path', message: current.error.message });
    if (current.value.content === input.content) return okResult(undefined);
    const change = insertPendingChange(this.#opts.db, {
      path: current.value.path,
      baseVersion: current.value.version,
      baseContent: current.value.content,
      proposed: input.content,
      source: input.source,
      sessionKey: input.sessionKey,
      ...(input.tool ? { tool: input.tool } : {}),
      at: this.#opts.clock.now(),
    });
    this.#emit(change, 'added');
    return okResult(change);
  }

  /**
   * Consolidation's facts: they go into its open proposal for `path` when that was made on the file as it is
   * now (so two batches make one diff, not two that conflict), else into a new one. `build` adds them to a text.
   */
  extendConsolidation(path: string, sessionKey: string, build: (text: string) => string): Result<PendingChange | undefined, ReviewError> {
    const current = this.#opts.memory.read(path);
    if (!current.ok) return errResult({ code: 'invalid_path', message: current.error.message });
    const open = listOpenPendingChanges(this.#opts.db).find(
      (c) => c.path === current.value.path && c.source === 'consolidation' && c.baseVersion === current.value.version,
    );
    if (!open) return this.propose({ path, content: build(current.value.content), source: 'consolidation', sessionKey });
    const next = build(open.proposed);
    if (next === open.proposed) return okResult(open);
    updatePendingProposal(this.#opts.db, open.id, next, this.#opts.clock.now());
    const updated = getPendingChange(this.#opts.db, open.id)!;
    this.#emit(updated, 'updated');
    return okResult(updated);
  }

  /** Every waiting change, oldest first, with the file's current text. */
  list(): PendingChangeView[] {
    return listOpenPendingChanges(this.#opts.db).map((c) => this.#view(c));
  }

  /** One waiting change, or undefined when it is not waiting. */
  get(id: number): PendingChangeView | undefined {
    const change = getPendingChange(this.#opts.db, id);
    return change?.status === 'pending' ? this.#view(change) : undefined;
  }

  /**
   * Writes the change (or the user's edit of it, `content`) when the file is still at `baseVersion` (default:
   * the version it was proposed on; after a merge, the version merged against). Otherwise: a conflict.
   */
  accept(id: number, options: { content?: string; baseVersion?: string } = {}): Result<AcceptOutcome, ReviewError> {
    const change = this.get(id);
    if (!change) return errResult(notWaiting(id));
    const content = options.content ?? change.proposed;
    const written = this.#opts.memory.write(change.path, content, options.baseVersion ?? change.baseVersion, content === change.proposed ? 'agent' : 'user');
    if (!written.ok) return errResult({ code: written.error.code === 'refused' ? 'invalid_path' : 'write_failed', message: written.error.message });
    const w = written.value;
    if (w.status === 'conflict') return okResult({ status: 'conflict', path: w.path, currentContent: w.currentContent, currentVersion: w.currentVersion });
    resolvePendingChange(this.#opts.db, id, 'accepted', this.#opts.clock.now());
    this.#emit(change, 'accepted');
    return okResult({ status: 'applied', path: w.path, version: w.version });
  }

  /** Drops the change; the file stays as it is. */
  reject(id: number): Result<void, ReviewError> {
    const change = this.get(id);
    if (!change || !resolvePendingChange(this.#opts.db, id, 'rejected', this.#opts.clock.now())) return errResult(notWaiting(id));
    this.#emit(change, 'rejected');
    return okResult(undefined);
  }

  #view(change: PendingChange): PendingChangeView {
    const current = this.#opts.memory.read(change.path);
    const currentContent = current.ok ? current.value.content : '';
    const currentVersion = current.ok ? current.value.version : change.baseVersion;
    return { ...change, conflict: currentVersion !== change.baseVersion, currentContent, currentVersion };
  }

  #emit(change: PendingChange, kind: 'added' | 'updated' | 'accepted' | 'rejected'): void {
    this.#opts.events.emit({ type: 'memory.pending', id: change.id, path: change.path, change: kind });
  }
}
