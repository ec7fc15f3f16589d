// Reads small text files cheaply: content is cached and re-read only when inode, size or mtime change.
import { readFileSync, statSync, type Stats } from 'node:fs';

interface CachedFile {
  stamp: string;
  content: string;
}

/** A text file's content, or undefined when it does not exist (or is not a readable file). */
export class FileCache {
  #files = new Map<string, CachedFile>();

  /** Cheap change token: inode, size and mtime (sub-millisecond where the file system has it). */
  static stampOf(path: string): string | undefined {
    const st = regularFile(path);
    return st && stampFrom(st);
  }

  /**
   * `accept` decides, at every read, whether the file may be read at all (prompt files: see prompt-text.ts); it is
   * given the file's stat (links followed) so it need not take another.
   */
  read(path: string, accept?: (path: string, st: Stats) => boolean): string | undefined {
    // Stat first: a missing file (most bootstrap files) is known absent without running `accept`'s checks on it.
    const st = regularFile(path);
    if (!st || (accept && !accept(path, st))) {
      this.#files.delete(path);
      return undefined;
    }
    const stamp = stampFrom(st);
    const cached = this.#files.get(path);
    if (cached && cached.stamp === stamp) return cached.content;
    try {
      const content = readFileSync(path, 'utf8');
      this.#files.set(path, { stamp, content });
      return content;
    } catch {
      this.#files.delete(path);
      return undefined;
    }
  }

  /** Forget one file (after the core itself wrote it) or everything. */
  invalidate(path?: string): void {
    if (path === undefined) this.#files.clear();
    else this.#files.delete(path);
  }
}

/** The stat of a regular file at `path` (links followed), else undefined. */
function regularFile(path: string): Stats | undefined {
  try {
    // No exception for a missing file (exceptions are slow, and missing bootstrap files are normal).
    const st = statSync(path, { throwIfNoEntry: false });
    return st?.isFile() ? st : undefined;
  } catch {
    return undefined;
  }
}

function stampFrom(st: Stats): string {
  return `${st.ino}:${st.size}:${st.mtimeMs}`;
}
