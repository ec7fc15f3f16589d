// Reads small text files cheaply: content is cached and re-read only when inode, size or mtime change.
import { readFileSync, statSync } from 'node:fs';

interface CachedFile {
  stamp: string;
  content: string;
}

/** A text file's content, or undefined when it does not exist (or is not a readable file). */
export class FileCache {
  #files = new Map<string, CachedFile>();

  /** Cheap change token: inode, size and mtime (sub-millisecond where the file system has it). */
  static stampOf(path: string): string | undefined {
    try {
      // No exception for a missing file (exceptions are slow, and missing bootstrap files are normal).
      const st = statSync(path, { throwIfNoEntry: false });
      if (!st?.isFile()) return undefined;
      return `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      return undefined;
    }
  }

  /** `accept` decides, at every read, whether the file may be read at all (prompt files: see prompt-text.ts). */
  read(path: string, accept?: (path: string) => boolean): string | undefined {
    // Stat first: a missing file (most bootstrap files) is known absent without running `accept`'s checks on it.
    const found = FileCache.stampOf(path);
    const stamp = found === undefined || (accept && !accept(path)) ? undefined : found;
    if (stamp === undefined) {
      this.#files.delete(path);
      return undefined;
    }
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
