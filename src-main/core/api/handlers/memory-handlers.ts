// memory:* handlers: the workspace markdown editor, always confined to workspace .md files (MemoryFiles).
import type { CoreBase } from '../../nanotray-core';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import type { MemoryFiles } from '../../workspace/memory-files';
import { serviceOf } from '../core-services';
import { fromResult, ipcFail, ipcOk, unavailable } from '../ipc-values';

type MemoryHandlers = Pick<
  InvokeHandlers,
  'memory:list-files' | 'memory:read' | 'memory:write' | 'memory:versions' | 'memory:read-version' | 'memory:revert'
>;

const NOT_READY = 'The memory editor';

export function createMemoryHandlers(core: CoreBase): MemoryHandlers {
  const memory = (): MemoryFiles | undefined => serviceOf<MemoryFiles>(core, 'memory');

  return {
    async 'memory:list-files'() {
      const m = memory();
      if (!m) return unavailable(NOT_READY);
      const files = m.listFiles().map((f) => ({ path: f.path, size: f.size, mtimeMs: f.modifiedAt, kind: f.kind, exists: f.exists }));
      return ipcOk({ files });
    },

    async 'memory:read'({ path }) {
      const m = memory();
      if (!m) return unavailable(NOT_READY);
      return fromResult(m.read(path), (f) => ({ path: f.path, content: f.content, version: f.version }), 'forbidden');
    },

    async 'memory:write'({ path, content, baseVersion }) {
      const m = memory();
      if (!m) return unavailable(NOT_READY);
      const written = m.write(path, content, baseVersion, 'user');
      if (!written.ok) return ipcFail(/outside|not a markdown|\.\.|absolute|symlink/i.test(written.error) ? 'forbidden' : 'internal', written.error);
      const r = written.value;
      if (r.status === 'conflict') {
        return ipcOk({ status: 'conflict' as const, theirs: r.currentContent, theirsVersion: r.currentVersion, yours: r.yourContent });
      }
      return ipcOk({ status: 'saved' as const, version: r.version });
    },

    async 'memory:versions'({ path }) {
      const m = memory();
      if (!m) return unavailable(NOT_READY);
      return fromResult(
        m.versions(path),
        (list) => ({ path, versions: list.map((v) => ({ id: v.id, author: v.author, createdAt: v.createdAt, size: v.size })) }),
        'forbidden',
      );
    },

    async 'memory:read-version'({ path, id }) {
      const m = memory();
      if (!m) return unavailable(NOT_READY);
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
      const m = memory();
      if (!m) return unavailable(NOT_READY);
      const reverted = m.revert(path, id, 'user');
      if (!reverted.ok) return ipcFail(/not found/i.test(reverted.error) ? 'not_found' : 'forbidden', reverted.error);
      const r = reverted.value;
      if (r.status === 'conflict') return ipcFail('conflict', `${path} changed while reverting; try again.`);
      return ipcOk({ path: r.path, version: r.version });
    },
  };
}
