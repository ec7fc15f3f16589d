// The memory view: the workspace's markdown files on the left (memory changes to review on top), the editor or
// the review of one change on the right. Opening another file with unsaved edits asks first.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { SplitView } from '../../components/SplitView';
import { getAppStore, useAppStore } from '../../state/store';
import { FileTree } from './FileTree';
import { MemoryEditor } from './MemoryEditor';
import { PendingReview } from './PendingReview';

export function MemoryView(): ReactElement {
  const { t } = useTranslation();
  const hasDoc = useAppStore((s) => s.memoryDoc !== null);
  const loadFiles = useAppStore((s) => s.loadMemoryFiles);
  const openFile = useAppStore((s) => s.openMemoryFile);
  const save = useAppStore((s) => s.saveMemory);
  const loadPending = useAppStore((s) => s.loadPendingChanges);
  const openPending = useAppStore((s) => s.openPendingChange);
  const reviewed = useAppStore((s) => s.pendingChanges.find((c) => c.id === s.openPendingId) ?? null);
  const openPath = useAppStore((s) => s.memoryDoc?.path ?? null);
  const [pendingPath, setPendingPath] = useState<string | null>(null);

  useEffect(() => {
    void loadFiles().then(() => {
      const s = getAppStore().getState();
      if (!s.memoryDoc) {
        const first = s.memoryFiles.find((f) => f.path === 'memory/MEMORY.md') ?? s.memoryFiles[0];
        if (first) void s.openMemoryFile(first.path);
      }
    });
  }, [loadFiles]);

  useEffect(() => {
    void loadPending();
  }, [loadPending]);

  // Closing or reloading the page (browser host) with unsaved edits asks too.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      const doc = getAppStore().getState().memoryDoc;
      if (doc && doc.draft !== doc.savedText) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const requestOpen = (path: string) => {
    const doc = getAppStore().getState().memoryDoc;
    openPending(null);
    if (doc && doc.path === path) return;
    if (doc && doc.draft !== doc.savedText) setPendingPath(path);
    else void openFile(path);
  };

  return (
    <SplitView sidebar={<FileTree onOpen={requestOpen} onOpenPending={(id) => openPending(id)} />} closeOn={reviewed ? `pending:${reviewed.id}` : openPath}>
      {reviewed ? (
        // Keyed by conflict too: a change that turns into a conflict starts its merge view fresh.
        <PendingReview key={`${reviewed.id}:${reviewed.conflict}:${reviewed.currentVersion}`} change={reviewed} />
      ) : hasDoc ? (
        <MemoryEditor />
      ) : (
        <EmptyState icon="memory" title={t('memory.view.pickFile')}>
          {t('memory.view.pickFileBody')}
        </EmptyState>
      )}
      {pendingPath && (
        <ConfirmDialog
          title={t('memory.view.openOther')}
          body={t('memory.view.openOtherBody')}
          confirmLabel={t('common.app.discardEdits')}
          danger
          onCancel={() => setPendingPath(null)}
          onConfirm={() => {
            const path = pendingPath;
            setPendingPath(null);
            void openFile(path);
          }}
          extra={{
            label: t('memory.view.saveFirst'),
            onClick: () => {
              const path = pendingPath;
              setPendingPath(null);
              void save().then((outcome) => {
                if (outcome === 'saved' || outcome === 'unchanged') void openFile(path);
              });
            },
          }}
        />
      )}
    </SplitView>
  );
}
