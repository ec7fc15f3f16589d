// A file's history as people read it: every stored text with who wrote it (not who replaced it), and the current
// text first. Stored versions keep the text a change replaced; memory_authors remembers each text's writer.
import type { Database } from '../store/db';
import { contentAuthors } from '../store/memory-authors.repo';
import { getMemoryVersion, listMemoryVersions, type MemoryVersionInfo, type VersionAuthor } from '../store/memory-versions.repo';

export interface HistoryEntry extends MemoryVersionInfo {
  /** Who wrote this text; undefined when Nanotray never saw it written (it was there before, or changed while closed). */
  writtenBy?: VersionAuthor;
}

export interface FileHistory {
  versions: HistoryEntry[];
  /** The text the file has now: its size and who wrote it (when known). */
  current: { size: number; writtenBy?: VersionAuthor } | undefined;
}

/**
 * The versions of `path`, newest first, each with its writer, and the current text (`current`: undefined when the
 * file does not exist). `versionOf` turns a text into its content version.
 */
export function fileHistory(db: Database, path: string, current: string | undefined, versionOf: (text: string) => string): FileHistory {
  const writers = contentAuthors(db, path);
  const versions = listMemoryVersions(db, path).map((info): HistoryEntry => {
    const content = getMemoryVersion(db, info.id)?.content;
    const writtenBy = content === undefined ? undefined : writers.get(versionOf(content));
    return writtenBy ? { ...info, writtenBy } : info;
  });
  if (current === undefined) return { versions, current: undefined };
  const writtenBy = writers.get(versionOf(current));
  return { versions, current: { size: current.length, ...(writtenBy ? { writtenBy } : {}) } };
}
