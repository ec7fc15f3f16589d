// Workspace markdown files for the editor and the agent: read with a version token, write only on top of
// the version the writer saw (else a conflict with both texts), and keep every previous version in SQLite.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CoreEvent } from '../../../src-preload/contract/event-schemas';
import type { Database } from '../store/db';
import type { Clock } from '../lib/clock';
import type { Emitter } from '../lib/emitter';
import { writeFileAtomic } from '../lib/atomic-write';
import { failure, type ServiceError } from '../lib/core-error';
import { errorMessage, okResult, type Result } from '../lib/result';
import { insideWorkspace } from '../fence/prompt-text';
import { contentAuthors, recordContentAuthor } from '../store/memory-authors.repo';
import { fileHistory, type FileHistory } from './memory-history';
import {
  getMemoryVersion,
  insertMemoryVersion,
  listMemoryVersions,
  type MemoryVersion,
  type MemoryVersionInfo,
  type VersionAuthor,
} from '../store/memory-versions.repo';
import { resolveWorkspaceMarkdown, toWorkspaceRelative } from '../fence/workspace-path';
import { BOOTSTRAP_FILES, HEARTBEAT_FILE, SKILL_FILE_NAME } from '../fence/workspace-files';
import { promptFileAt } from '../fence/prompt-files';

/** The version token of a file that does not exist. */
export const MISSING_VERSION = 'missing';
/** How long after recordFileVersion a change on disk is attributed to the agent. */
const AGENT_WRITE_WINDOW_MS = 10_000;

export type MemoryFileKind = 'bootstrap' | 'memory' | 'heartbeat' | 'skill';

export interface MemoryFileEntry {
  path: string;
  kind: MemoryFileKind;
  exists: boolean;
  size: number;
  modifiedAt: number;
}

export interface MemoryFileContent {
  path: string;
  content: string;
  /** Content hash; `missing` when the file does not exist. Pass it back as `baseVersion` to write. */
  version: string;
  exists: boolean;
}

export type MemoryWriteResult =
  | { status: 'written'; path: string; version: string; previousVersionId?: number }
  | { status: 'unchanged'; path: string; version: string }
  | { status: 'conflict'; path: string; currentVersion: string; currentContent: string; yourContent: string };

/** Content hash used as a file's version token. */
export function contentVersion(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex').slice(0, 16);
}

export interface MemoryFilesOptions {
  db: Database;
  workspace: () => string;
  events: Emitter<CoreEvent>;
  clock: Clock;
  /** Told about every write the core makes, so prompt caches can drop the file. */
  onWritten?: (absPath: string) => void;
}

/** Read/write/version API over the workspace's markdown files; always confined to the workspace. */
export class MemoryFiles {
  readonly #opts: MemoryFilesOptions;
  /** Last content the core saw or wrote per path, to tell real external changes from its own. */
  readonly #known = new Map<string, { version: string; content: string }>();
  readonly #agentWrites = new Map<string, number>();

  constructor(options: MemoryFilesOptions) {
    this.#opts = options;
  }

  /** Bootstrap files (present or not), HEARTBEAT.md, memory/*.md and skills/<name>/SKILL.md. */
  listFiles(): MemoryFileEntry[] {
    const ws = this.#opts.workspace();
    const entries: MemoryFileEntry[] = [];
    const add = (path: string, kind: MemoryFileKind, includeMissing: boolean): void => {
      const st = statFile(join(ws, ...path.split('/')));
      if (!st && !includeMissing) return;
      entries.push({ path, kind, exists: Boolean(st), size: st?.size ?? 0, modifiedAt: st?.mtimeMs ?? 0 });
    };
    for (const name of BOOTSTRAP_FILES) add(name, 'bootstrap', true);
    add(HEARTBEAT_FILE, 'heartbeat', true);
    for (const name of listDir(join(ws, 'memory')).filter((n) => n.toLowerCase().endsWith('.md'))) {
      add(`memory/${name}`, 'memory', false);
    }
    for (const name of listDir(join(ws, 'skills'))) add(`skills/${name}/${SKILL_FILE_NAME}`, 'skill', false);
    return entries;
  }

  /** The file's content and version token (`missing` and empty content when it does not exist). */
  read(path: string): Result<MemoryFileContent, ServiceError<'refused'>> {
    const resolved = resolveWorkspaceMarkdown(this.#opts.workspace(), path);
    if (!resolved.ok) return resolved;
    const { rel, abs } = resolved.value;
    const content = readText(this.#opts.workspace(), abs);
    if (content === undefined) return okResult({ path: rel, content: '', version: MISSING_VERSION, exists: false });
    const version = contentVersion(content);
    this.#known.set(rel, { version, content });
    return okResult({ path: rel, content, version, exists: true });
  }

  /**
   * Writes `content` when the file is still at `baseVersion`; otherwise returns a conflict carrying both
   * texts and changes nothing. The replaced content is stored as a version first.
   */
  write(path: string, content: string, baseVersion: string, author: VersionAuthor): Result<MemoryWriteResult, ServiceError<'refused' | 'failed'>> {
    const resolved = resolveWorkspaceMarkdown(this.#opts.workspace(), path);
    if (!resolved.ok) return resolved;
    const { rel, abs } = resolved.value;
    const current = readText(this.#opts.workspace(), abs);
    const currentVersion = current === undefined ? MISSING_VERSION : contentVersion(current);
    if (currentVersion !== baseVersion) {
      return okResult({
        status: 'conflict',
        path: rel,
        currentVersion,
        currentContent: current ?? '',
        yourContent: content,
      });
    }
    if (current === content) return okResult({ status: 'unchanged', path: rel, version: currentVersion });
    let previousVersionId: number | undefined;
    if (current !== undefined) {
      previousVersionId = insertMemoryVersion(this.#opts.db, {
        path: rel,
        content: current,
        author,
        createdAt: this.#opts.clock.now(),
      });
    }
    try {
      writeFileAtomic(abs, content);
    } catch (err) {
      return failure('failed', `Error: ${errorMessage(err)}`); // a WriteFailure: disk full, read-only, permission
    }
    const version = contentVersion(content);
    this.#known.set(rel, { version, content });
    recordContentAuthor(this.#opts.db, { path: rel, version, author, at: this.#opts.clock.now() });
    this.#opts.onWritten?.(abs);
    this.#opts.events.emit({ type: 'memory.changed', path: rel, author: author === 'system' ? 'agent' : author });
    return okResult(
      previousVersionId === undefined
        ? { status: 'written', path: rel, version }
        : { status: 'written', path: rel, version, previousVersionId },
    );
  }

  /** Stored versions of a file, newest first. */
  versions(path: string): Result<MemoryVersionInfo[], ServiceError<'refused'>> {
    const resolved = resolveWorkspaceMarkdown(this.#opts.workspace(), path);
    if (!resolved.ok) return resolved;
    return okResult(listMemoryVersions(this.#opts.db, resolved.value.rel));
  }

  /** The history as people read it: each stored text with its writer, and the current text's writer. */
  history(path: string): Result<FileHistory, ServiceError<'refused'>> {
    const resolved = resolveWorkspaceMarkdown(this.#opts.workspace(), path);
    if (!resolved.ok) return resolved;
    const rel = resolved.value.rel;
    const current = readText(this.#opts.workspace(), resolved.value.abs);
    // The agent announced a write (its tool stored the text before) and the file changed since: the text is its own,
    // also where no watcher saw the change happen.
    const known = this.#known.get(rel);
    if (current !== undefined && this.#agentWrites.has(rel) && known?.version !== contentVersion(current)) {
      recordContentAuthor(this.#opts.db, { path: rel, version: contentVersion(current), author: 'agent', at: this.#opts.clock.now() });
    }
    return okResult(fileHistory(this.#opts.db, rel, current, contentVersion));
  }

  /** One stored version with its content. */
  readVersion(id: number): Result<MemoryVersion, ServiceError<'not_found'>> {
    const version = getMemoryVersion(this.#opts.db, id);
    return version ? okResult(version) : failure('not_found', `Error: version ${id} not found`);
  }

  /**
   * Puts version `id` back as the file's content (the content it replaces is stored as a version too). The text
   * stays its writer's: `author` (who reverts) is its writer only when Nanotray never saw it written.
   */
  revert(path: string, id: number, author: VersionAuthor = 'user'): Result<MemoryWriteResult, ServiceError<'refused' | 'not_found' | 'failed'>> {
    const version = getMemoryVersion(this.#opts.db, id);
    const resolved = resolveWorkspaceMarkdown(this.#opts.workspace(), path);
    if (!resolved.ok) return resolved;
    const rel = resolved.value.rel;
    if (!version || version.path !== rel) {
      return failure('not_found', `Error: version ${id} of ${rel} not found`);
    }
    const current = this.read(rel);
    if (!current.ok) return current;
    const writer = contentAuthors(this.#opts.db, rel).get(contentVersion(version.content));
    const written = this.write(rel, version.content, current.value.version, author);
    if (writer && written.ok && written.value.status === 'written') {
      recordContentAuthor(this.#opts.db, { path: rel, version: written.value.version, author: writer, at: this.#opts.clock.now() });
    }
    return written;
  }

  /** Remembers the current content of every listed file, so an external change can keep what it replaced. */
  primeKnown(): void {
    for (const entry of this.listFiles()) if (entry.exists) this.read(entry.path);
  }

  /**
   * ToolContext.recordFileVersion: called by file-writing tools before they change `absPath` (to `content`, when
   * told). Stores the current content of a workspace markdown file (author 'agent') and remembers `content` as the
   * agent's text; other files are ignored. For a file that forms the system prompt it also emits the "memory updated"
   * notice, with the stored version to revert to (an empty one for a new file).
   */
  recordAgentWrite(absPath: string, content?: string): void {
    const ws = this.#opts.workspace();
    const rel = toWorkspaceRelative(ws, absPath);
    if (!rel || !rel.toLowerCase().endsWith('.md')) return;
    const resolved = resolveWorkspaceMarkdown(ws, rel);
    if (!resolved.ok) return;
    this.#agentWrites.set(resolved.value.rel, this.#opts.clock.now());
    if (content !== undefined) {
      recordContentAuthor(this.#opts.db, { path: resolved.value.rel, version: contentVersion(content), author: 'agent', at: this.#opts.clock.now() });
    }
    const current = readText(this.#opts.workspace(), resolved.value.abs);
    const prompt = promptFileAt(ws, resolved.value.abs) !== undefined;
    if (current === undefined && !prompt) return;
    const versionId = insertMemoryVersion(this.#opts.db, {
      path: resolved.value.rel,
      content: current ?? '',
      author: 'agent',
      createdAt: this.#opts.clock.now(),
    });
    if (current !== undefined) this.#known.set(resolved.value.rel, { version: contentVersion(current), content: current });
    this.#opts.onWritten?.(resolved.value.abs);
    if (prompt) this.#opts.events.emit({ type: 'memory.updated', path: resolved.value.rel, source: 'agent', versionId });
  }

  /**
   * Called by the watcher when `rel` changed on disk. Ignores changes the core made itself; attributes a
   * change to the agent when a tool announced it, else to 'external' (storing the content it replaced).
   */
  noticeChange(rel: string): void {
    const resolved = resolveWorkspaceMarkdown(this.#opts.workspace(), rel);
    if (!resolved.ok) return;
    const content = readText(this.#opts.workspace(), resolved.value.abs);
    const version = content === undefined ? MISSING_VERSION : contentVersion(content);
    const known = this.#known.get(resolved.value.rel);
    if (known && known.version === version) return;
    const agentAt = this.#agentWrites.get(resolved.value.rel);
    const byAgent = agentAt !== undefined && this.#opts.clock.now() - agentAt <= AGENT_WRITE_WINDOW_MS;
    this.#agentWrites.delete(resolved.value.rel);
    if (!byAgent && known && known.version !== MISSING_VERSION) {
      insertMemoryVersion(this.#opts.db, {
        path: resolved.value.rel,
        content: known.content,
        author: 'external',
        createdAt: this.#opts.clock.now(),
      });
    }
    if (content === undefined) this.#known.delete(resolved.value.rel);
    else {
      this.#known.set(resolved.value.rel, { version, content });
      recordContentAuthor(this.#opts.db, { path: resolved.value.rel, version, author: byAgent ? 'agent' : 'external', at: this.#opts.clock.now() });
    }
    this.#opts.onWritten?.(resolved.value.abs);
    this.#opts.events.emit({ type: 'memory.changed', path: resolved.value.rel, author: byAgent ? 'agent' : 'external' });
  }
}

/** The file's text; undefined when missing or not a file the prompt may read (see prompt-text.ts). */
function readText(workspace: string, abs: string): string | undefined {
  try {
    if (!insideWorkspace(workspace)(abs)) return undefined;
    return readFileSync(abs, 'utf8');
  } catch {
    return undefined;
  }
}

function statFile(abs: string): { size: number; mtimeMs: number } | undefined {
  try {
    const st = statSync(abs);
    return st.isFile() ? { size: st.size, mtimeMs: Math.round(st.mtimeMs) } : undefined;
  } catch {
    return undefined;
  }
}

function listDir(dir: string): string[] {
  if (!existsSync(dir)) return [];
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}
