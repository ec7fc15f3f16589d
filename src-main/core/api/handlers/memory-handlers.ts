// memory:* handlers: the workspace markdown editor, always confined to workspace .md files (MemoryFiles).
import type { Core } from '../../nanotray-core';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { MISSING_VERSION } from '../../workspace/memory-files';
import { fromResult, ipcFail, ipcOk } from '../ipc-values';

type MemoryHandlers = Pick<
  InvokeHandlers,
  'memory:list-files' | 'memory:read' | 'memory:write' | 'memory:versions' | 'memory:read-version' | 'memory:revert'
>;

export function createMemoryHandlers(core: Core): MemoryHandlers {
  const m = core.memory;

  return {
    async 'memory:list-files'() {
      const files = m.listFiles().map((f) => ({ path: f.path, size: f.size, mtimeMs: f.modifiedAt, kind: f.kind, exists: f.exists }));
      return ipcOk({ files });
    },

    async 'memory:read'({ path }) {
      return fromResult(m.read(path), (f) => ({ path: f.path, content: f.content, version: f.version }), 'forbidden');
    },

    async 'memory:write'({ path, content, baseVersion }) {
      // '' means "a new file" in the contract; the memory service calls that version `missing`.
      const written = m.write(path, content, baseVersion || MISSING_VERSION, 'user');
      if (!written.ok) return ipcFail(/could not write/i.test(written.error) ? 'internal' : 'forbidden', written.error);
      const r = written.value;
      if (r.status === 'conflict') {
        return ipcOk({ status: 'conflict' as const, theirs: r.currentContent, theirsVersion: r.currentVersion, yours: r.yourContent });
      }
      return ipcOk({ status: 'saved' as const, version: r.version });
    },

    async 'memory:versions'({ path }) {
      return fromResult(
        m.versions(path),
        (list) => ({ path, versions: list.map((v) => ({ id: v.id, author: v.author, createdAt: v.createdAt, size: v.size })) }),
        'forbidden',
      );
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

    async 'memory:revert'({ path, id }) {
      const reverted = m.revert(path, id, 'user');
      if (!reverted.ok) return ipcFail(/not found/i.test(reverted.error) ? 'not_found' : 'forbidden', reverted.error);
      const r = reverted.value;
      if (r.status === 'conflict') return ipcFail('conflict', `${path} changed while reverting; try again.`);
      return ipcOk({ path: r.path, version: r.version });
    },
  };
}
