// Review slice: memory changes waiting for the user (accept as is, edit, merge after a conflict, reject), and the
// "memory updated" notice with one-click revert for changes the agent made without a review.
import { t as translate } from '../i18n/i18n';
import type { CoreEvent, PendingMemoryChange } from '@contract/schemas';
import { call } from './ipc-call';
import { debounce, type SliceCreator } from './store-types';

export type AcceptResult = 'applied' | 'conflict' | 'error';

export interface ReviewSlice {
  pendingChanges: PendingMemoryChange[];
  pendingLoaded: boolean;
  pendingError: string | null;
  /** The change open in the memory view (instead of a file), or null. */
  openPendingId: number | null;
  /** Set while an accept or reject is on its way; the error of the last one. */
  reviewBusy: boolean;
  reviewError: string | null;
  loadPendingChanges(): Promise<void>;
  openPendingChange(id: number | null): void;
  /** Accepts the proposal, or `content` (the user's edit or merge) on top of `baseVersion` (after a conflict). */
  acceptPendingChange(id: number, content?: string, baseVersion?: string): Promise<AcceptResult>;
  rejectPendingChange(id: number): Promise<boolean>;
  applyReviewEvent(event: CoreEvent): void;
}

export const createReviewSlice: SliceCreator<ReviewSlice> = (set, get, deps) => {
  const { api } = deps;
  const reload = debounce(() => void get().loadPendingChanges(), deps.refreshDelayMs);

  function closeIfGone(): void {
    const open = get().openPendingId;
    if (open !== null && !get().pendingChanges.some((c) => c.id === open)) set({ openPendingId: null });
  }

  async function revert(path: string, versionId: number): Promise<void> {
    const res = await call(api.memory.revert({ path, id: versionId }));
    if (!res.ok) get().pushToast({ title: translate('memory.toast.revertPathFailed', { path }), body: res.message, tone: 'error' });
    else get().pushToast({ title: translate('memory.toast.reverted'), body: translate('memory.toast.revertedBody', { path }), tone: 'success' });
  }

  return {
    pendingChanges: [],
    pendingLoaded: false,
    pendingError: null,
    openPendingId: null,
    reviewBusy: false,
    reviewError: null,

    async loadPendingChanges() {
      const res = await call(api.memory.pendingList());
      if (!res.ok) set({ pendingError: res.message, pendingLoaded: true });
      else set({ pendingChanges: res.value.changes, pendingError: null, pendingLoaded: true });
      closeIfGone();
    },

    openPendingChange(id) {
      set({ openPendingId: id, reviewError: null });
    },

    async acceptPendingChange(id, content, baseVersion) {
      set({ reviewBusy: true, reviewError: null });
      const res = await call(api.memory.pendingAccept({ id, ...(content !== undefined ? { content } : {}), ...(baseVersion ? { baseVersion } : {}) }));
      set({ reviewBusy: false });
      if (!res.ok) {
        set({ reviewError: res.message });
        return 'error';
      }
      await get().loadPendingChanges();
      if (res.value.status === 'conflict') return 'conflict';
      get().pushToast({ title: translate('memory.toast.accepted'), body: translate('memory.toast.acceptedBody', { path: res.value.path }), tone: 'success' });
      return 'applied';
    },

    async rejectPendingChange(id) {
      set({ reviewBusy: true, reviewError: null });
      const res = await call(api.memory.pendingReject({ id }));
      set({ reviewBusy: false });
      if (!res.ok) {
        set({ reviewError: res.message });
        return false;
      }
      await get().loadPendingChanges();
      return true;
    },

    applyReviewEvent(event) {
      if (event.type === 'memory.pending') {
        reload();
        if (event.change === 'added') {
          get().pushToast({ title: translate('memory.toast.toReview'), body: translate('memory.toast.toReviewBody', { path: event.path }), tone: 'info' });
        }
      } else if (event.type === 'memory.changed') {
        reload(); // a conflict may have appeared or gone
      } else if (event.type === 'memory.updated') {
        const { path, versionId } = event;
        get().pushToast({
          title: translate('memory.toast.updated'),
          body: event.source === 'consolidation' ? translate('memory.toast.updatedByConsolidation', { path }) : translate('memory.toast.updatedByAgent', { path }),
          tone: 'info',
          ...(versionId !== undefined ? { action: { label: translate('memory.history.revert'), run: () => void revert(path, versionId) } } : {}),
        });
      }
    },
  };
};
