// memory:* handlers: the workspace markdown editor, always confined to workspace .md files (MemoryFiles).
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { MISSING_VERSION } from '../../memory/memory-files';
import { fromResult, ipcError, ipcFail, ipcOk } from '../ipc-values';

type MemoryHandlers = Pick<
  InvokeHandlers,
  | 'memory:list-files'
  | 'memory:read'
  | 'memory:write'
  | 'memory:versions'
  | 'memory:read-version'
  | 'memory:revert'
  | 'memory:pending-list'
  | 'memory:pending-accept'
  | 'memory:pending-reject'
>;

export function createMemoryHandlers(core: Core): MemoryHandlers {
  const m = core.memory;

  return {
    async 'memory:list-files'() {
      const files = m.listFiles().map((f) => ({ path: f.path, size: f.size, mtimeMs: f.modifiedAt, kind: f.kind, exists: f.exists }));
      return ipcOk({ files });
    },

    async 'memory:read'({ path }) {
      return fromResult(m.read(path), (f) => ({ path: f.path, content: f.content, version: f.version }));
    },

    async 'memory:write'({ path, content, baseVersion }) {
      // '' means "a new file" in the contract; the memory service calls that version `missing`.
      const written = m.write(path, content, baseVersion || MISSING_VERSION, 'user');
      if (!written.ok) return ipcError(written.error);
      const r = written.value;
      if (r.status === 'conflict') {
        return ipcOk({ status: 'conflict' as const, theirs: r.currentContent, theirsVersion: r.currentVersion, yours: r.yourContent });
      }
      return ipcOk({ status: 'saved' as const, version: r.version });
    },

    async 'memory:versions'({ path }) {
      return fromResult(m.history(path), (h) => ({
        path,
        versions: h.versions.map((v) => ({ id: v.id, author: v.author, ...(v.writtenBy ? { writtenBy: v.writtenBy } : {}), createdAt: v.createdAt, size: v.size })),
        ...(h.current ? { current: h.current } : {}),
      }));
    },

    async 'memory:read-version'({ path, id }) {
      const version = m.readVersion(id);
      // A version id is only readable through the path it belongs to.
      const listed = m.versions(path);
      if (!version.ok || !listed.ok || !listed.value.some((v) => v.id === id)) {
        return ipcFail('not_found', `Version ${id} of ${path} not found.`);
      }
      const v = version.value;
      return ipcOk({ path: v.path, id: v.id, content: v.content, author: v.author, createdAt: v.createdAt });
    },

    async 'memory:pending-list'() {
      const changes = core.memoryReview.list().map((c) => ({
        id: c.id,
        path: c.path,
        source: c.source,
        sessionKey: c.sessionKey,
        tool: c.tool,
        createdAt: c.createdAt,
        updatedAt: c.updatedAt,
        baseContent: c.baseContent,
        proposed: c.proposed,
        conflict: c.conflict,
        currentContent: c.currentContent,
        currentVersion: c.currentVersion,
      }));
      return ipcOk({ changes });
    },

    async 'memory:pending-accept'({ id, content, baseVersion }) {
      const accepted = core.memoryReview.accept(id, { ...(content !== undefined ? { content } : {}), ...(baseVersion !== undefined ? { baseVersion } : {}) });
      if (!accepted.ok) return ipcError(accepted.error);
      return ipcOk({ ...accepted.value });
    },

    async 'memory:pending-reject'({ id }) {
      const rejected = core.memoryReview.reject(id);
      if (!rejected.ok) return ipcError(rejected.error);
      return ipcOk({ rejected: true });
    },

    async 'memory:revert'({ path, id }) {
      const reverted = m.revert(path, id, 'user');
      if (!reverted.ok) return ipcError(reverted.error);
      const r = reverted.value;
      if (r.status === 'conflict') return ipcFail('conflict', `${path} changed while reverting; try again.`);
      return ipcOk({ path: r.path, version: r.version });
    },
  };
}
