// File viewer slice: a workspace file the agent wrote, opened from its tool card — markdown in the Memory editor,
// any other text file in a read-only viewer; refusals (missing, outside, too large, binary) as a toast.
import { t as translate } from '../i18n/i18n';
import type { FileRefusalCode } from '@contract/schemas';
import { call } from './ipc-call';
import { isMemoryDirty } from './memory-slice';
import type { SliceCreator } from './store-types';

export interface ViewedFile {
  path: string;
  content: string;
  size: number;
}

export interface FileViewerSlice {
  viewedFile: ViewedFile | null;
  /** Opens `path` (as the tool was given it): a workspace .md file in the Memory view, other text in the viewer. */
  openWorkspaceFile(path: string): Promise<void>;
  closeFileViewer(): void;
}

const REFUSAL_KEY = {
  not_found: 'chat.openFile.notFound',
  outside_workspace: 'chat.openFile.outside',
  too_large: 'chat.openFile.tooLarge',
  binary: 'chat.openFile.binary',
  not_a_file: 'chat.openFile.notAFile',
} as const satisfies Record<FileRefusalCode, string>;

export const createFileViewerSlice: SliceCreator<FileViewerSlice> = (set, get, deps) => ({
  viewedFile: null,

  async openWorkspaceFile(path) {
    const failed = (body: string) => get().pushToast({ title: translate('chat.openFile.failed', { path }), body, tone: 'error' });
    const res = await call(deps.api.files.read({ path }));
    if (!res.ok) return failed(res.message);
    const file = res.value;
    if (file.status === 'refused') return failed(translate(REFUSAL_KEY[file.code]));
    if (!/\.md$/i.test(file.path)) {
      set({ viewedFile: { path: file.path, content: file.content, size: file.size } });
      return;
    }
    const doc = get().memoryDoc;
    // Unsaved edits of another file stay: the user goes to them instead of losing them.
    if (isMemoryDirty(doc) && doc?.path !== file.path) {
      get().requestView('memory');
      return failed(translate('chat.openFile.unsavedMemory'));
    }
    if (doc?.path !== file.path) await get().openMemoryFile(file.path);
    get().requestView('memory');
  },

  closeFileViewer() {
    set({ viewedFile: null });
  },
});
