// Memory slice: workspace markdown files, the open document with its draft, disk changes and conflicts,
// and per-file history (versions, diff, revert). Nothing the user typed is ever dropped silently.
import { t as translate } from '../i18n/i18n';
import type { CoreEvent, MemoryFile, MemoryVersion } from '@contract/schemas';
import { call } from './ipc-call';
import { debounce, type SliceCreator } from './store-types';

export type ChangeAuthor = 'user' | 'agent' | 'external';

export interface MemoryDoc {
  path: string;
  /** The content at `baseVersion` (what is on disk as far as the editor knows). */
  savedText: string;
  baseVersion: string;
  draft: string;
  saving: boolean;
  error: string | null;
  /** The file changed on disk while the editor had unsaved edits. */
  external: { author: ChangeAuthor; content: string; version: string } | null;
  /** The file changed on disk and was reloaded (no unsaved edits were in the way). */
  reloadedBy: ChangeAuthor | null;
  /** `base`: the text both sides started from (the last saved text the editor knew). */
  conflict: { theirs: string; theirsVersion: string; yours: string; base: string } | null;
}

export interface VersionView {
  id: number;
  content: string;
  author: MemoryVersion['author'];
  /** Who wrote this text (from the history list), when known. */
  writtenBy?: MemoryVersion['author'];
  createdAt: number;
}

export interface MemorySlice {
  memoryFiles: MemoryFile[];
  memoryFilesLoaded: boolean;
  memoryFilesError: string | null;
  memoryDoc: MemoryDoc | null;
  memoryOpening: boolean;
  /** `current`: the file's text now (its writer), listed first in the history. */
  memoryVersions: { path: string; list: MemoryVersion[]; current?: { size: number; writtenBy?: MemoryVersion['author'] }; error: string | null } | null;
  memoryVersionView: VersionView | null;
  loadMemoryFiles(): Promise<void>;
  openMemoryFile(path: string): Promise<void>;
  setMemoryDraft(text: string): void;
  /** Saves the draft against the version it started from; a stale base opens the conflict view. */
  saveMemory(): Promise<'saved' | 'conflict' | 'error' | 'unchanged'>;
  discardMemoryDraft(): void;
  /** With unsaved edits and a changed file: show both versions to merge. */
  compareWithDisk(): void;
  /** Save a resolution of the conflict (merged text, or one side). */
  resolveMemoryConflict(text: string): Promise<boolean>;
  /** Drop the editor's text and take the version on disk. */
  takeDiskVersion(): void;
  dismissMemoryNotice(): void;
  loadMemoryVersions(path: string): Promise<void>;
  viewMemoryVersion(id: number | null): Promise<void>;
  revertMemory(id: number): Promise<boolean>;
  applyMemoryEvent(event: CoreEvent): void;
}

export function isMemoryDirty(doc: MemoryDoc | null): boolean {
  return doc !== null && doc.draft !== doc.savedText;
}

export const createMemorySlice: SliceCreator<MemorySlice> = (set, get, deps) => {
  const { api } = deps;
  const reloadFiles = debounce(() => void get().loadMemoryFiles(), deps.refreshDelayMs);

  function patchDoc(patch: Partial<MemoryDoc>): void {
    set((s) => (s.memoryDoc ? { memoryDoc: { ...s.memoryDoc, ...patch } } : {}));
  }

  async function refreshVersions(): Promise<void> {
    const v = get().memoryVersions;
    if (v) await get().loadMemoryVersions(v.path);
  }

  async function onDiskChange(path: string, author: ChangeAuthor): Promise<void> {
    const doc = get().memoryDoc;
    if (!doc || doc.path !== path) return;
    const res = await call(api.memory.read({ path }));
    if (!res.ok) return;
    const current = get().memoryDoc;
    if (!current || current.path !== path || current.saving) return; // a save in flight reports its own outcome
    if (res.value.content === current.savedText || res.value.content === current.draft) {
      // our own save, or a change identical to what the editor holds: adopt it as the saved state
      patchDoc({ baseVersion: res.value.version, savedText: res.value.content });
      return;
    }
    if (!isMemoryDirty(current)) {
      patchDoc({
        savedText: res.value.content,
        draft: res.value.content,
        baseVersion: res.value.version,
        reloadedBy: author,
        external: null,
      });
    } else {
      patchDoc({ external: { author, content: res.value.content, version: res.value.version }, reloadedBy: null });
    }
  }

  return {
    memoryFiles: [],
    memoryFilesLoaded: false,
    memoryFilesError: null,
    memoryDoc: null,
    memoryOpening: false,
    memoryVersions: null,
    memoryVersionView: null,

    async loadMemoryFiles() {
      const res = await call(api.memory.listFiles());
      if (!res.ok) set({ memoryFilesError: res.message, memoryFilesLoaded: true });
      else set({ memoryFiles: res.value.files, memoryFilesError: null, memoryFilesLoaded: true });
    },

    async openMemoryFile(path) {
      set({ memoryOpening: true });
      const res = await call(api.memory.read({ path }));
      if (!res.ok) {
        set({ memoryOpening: false });
        get().pushToast({ title: translate('memory.toast.openFailed', { path }), body: res.message, tone: 'error' });
        return;
      }
      set({
        memoryOpening: false,
        memoryVersionView: null,
        memoryDoc: {
          path,
          savedText: res.value.content,
          baseVersion: res.value.version,
          draft: res.value.content,
          saving: false,
          error: null,
          external: null,
          reloadedBy: null,
          conflict: null,
        },
      });
      if (get().memoryVersions) await get().loadMemoryVersions(path);
    },

    setMemoryDraft(text) {
      patchDoc({ draft: text });
    },

    async saveMemory() {
      const doc = get().memoryDoc;
      if (!doc || doc.saving) return 'unchanged';
      if (!isMemoryDirty(doc) && !doc.external) return 'unchanged';
      patchDoc({ saving: true, error: null });
      const yours = doc.draft;
      const res = await call(api.memory.write({ path: doc.path, content: yours, baseVersion: doc.baseVersion }));
      if (!res.ok) {
        patchDoc({ saving: false, error: res.message });
        return 'error';
      }
      if (res.value.status === 'conflict') {
        patchDoc({
          saving: false,
          conflict: { theirs: res.value.theirs, theirsVersion: res.value.theirsVersion, yours, base: doc.savedText },
          external: null,
        });
        return 'conflict';
      }
      const version = res.value.version;
      set((s) => {
        if (!s.memoryDoc || s.memoryDoc.path !== doc.path) return {};
        // keep typing that happened during the save as unsaved
        return { memoryDoc: { ...s.memoryDoc, saving: false, savedText: yours, baseVersion: version, external: null, reloadedBy: null } };
      });
      reloadFiles();
      void refreshVersions();
      return 'saved';
    },

    discardMemoryDraft() {
      const doc = get().memoryDoc;
      if (doc) patchDoc({ draft: doc.savedText, external: null, conflict: null, error: null });
    },

    compareWithDisk() {
      const doc = get().memoryDoc;
      if (!doc?.external) return;
      patchDoc({ conflict: { theirs: doc.external.content, theirsVersion: doc.external.version, yours: doc.draft, base: doc.savedText }, external: null });
    },

    async resolveMemoryConflict(text) {
      const doc = get().memoryDoc;
      if (!doc?.conflict) return false;
      patchDoc({ saving: true, error: null });
      const res = await call(api.memory.write({ path: doc.path, content: text, baseVersion: doc.conflict.theirsVersion }));
      if (!res.ok) {
        patchDoc({ saving: false, error: res.message });
        return false;
      }
      if (res.value.status === 'conflict') {
        // it changed again while merging: show the newest disk text, keep the merge as "yours"
        patchDoc({ saving: false, conflict: { theirs: res.value.theirs, theirsVersion: res.value.theirsVersion, yours: text, base: doc.conflict.theirs } });
        return false;
      }
      patchDoc({ saving: false, savedText: text, draft: text, baseVersion: res.value.version, conflict: null, external: null });
      reloadFiles();
      void refreshVersions();
      return true;
    },

    takeDiskVersion() {
      const doc = get().memoryDoc;
      if (!doc) return;
      const theirs = doc.conflict ?? (doc.external ? { theirs: doc.external.content, theirsVersion: doc.external.version } : null);
      if (!theirs) return;
      patchDoc({ savedText: theirs.theirs, draft: theirs.theirs, baseVersion: theirs.theirsVersion, conflict: null, external: null });
    },

    dismissMemoryNotice() {
      patchDoc({ reloadedBy: null, error: null });
    },

    async loadMemoryVersions(path) {
      const res = await call(api.memory.versions({ path }));
      if (!res.ok) set({ memoryVersions: { path, list: [], error: res.message } });
      else
        set({
          memoryVersions: {
            path,
            list: [...res.value.versions].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id),
            ...(res.value.current ? { current: res.value.current } : {}),
            error: null,
          },
        });
    },

    async viewMemoryVersion(id) {
      const doc = get().memoryDoc;
      if (id === null || !doc) {
        set({ memoryVersionView: null });
        return;
      }
      const res = await call(api.memory.readVersion({ path: doc.path, id }));
      if (!res.ok) {
        get().pushToast({ title: translate('memory.toast.versionFailed'), body: res.message, tone: 'error' });
        return;
      }
      const writtenBy = get().memoryVersions?.list.find((v) => v.id === res.value.id)?.writtenBy;
      set({ memoryVersionView: { id: res.value.id, content: res.value.content, author: res.value.author, ...(writtenBy ? { writtenBy } : {}), createdAt: res.value.createdAt } });
    },

    async revertMemory(id) {
      const doc = get().memoryDoc;
      if (!doc) return false;
      const res = await call(api.memory.revert({ path: doc.path, id }));
      if (!res.ok) {
        get().pushToast({ title: translate('memory.toast.revertFailed'), body: res.message, tone: 'error' });
        return false;
      }
      const read = await call(api.memory.read({ path: doc.path }));
      if (read.ok) {
        patchDoc({ savedText: read.value.content, draft: read.value.content, baseVersion: read.value.version, external: null, conflict: null, reloadedBy: null });
      }
      set({ memoryVersionView: null });
      get().pushToast({ title: translate('memory.toast.reverted'), body: translate('memory.toast.revertedToChosen', { path: doc.path }), tone: 'success' });
      await get().loadMemoryVersions(doc.path);
      return true;
    },

    applyMemoryEvent(event) {
      if (event.type !== 'memory.changed') return;
      reloadFiles();
      void onDiskChange(event.path, event.author);
      if (get().memoryVersions?.path === event.path) void refreshVersions();
    },
  };
};
