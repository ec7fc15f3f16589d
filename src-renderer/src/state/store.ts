// The one zustand store, made of slices; `applyCoreEvent` fans each core event out to the slices.
import type { CoreEvent } from '@contract/schemas';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { browserFrameScheduler } from '../lib/stream-batcher';
import { createApprovalsSlice } from './approvals-slice';
import { createChatSlice } from './chat-slice';
import { createMcpSlice } from './mcp-slice';
import { createNetworkSlice } from './network-slice';
import { createElicitationSlice } from './elicitation-slice';
import { createMemorySlice } from './memory-slice';
import { createFileViewerSlice } from './file-viewer-slice';
import { createReviewSlice } from './review-slice';
import { createRuntimeSlice } from './runtime-slice';
import { createMcpSignInSlice } from './mcp-sign-in-slice';
import { createMcpImportSlice } from './mcp-import-slice';
import { createSchedulerSlice } from './scheduler-slice';
import { createSessionsSlice } from './sessions-slice';
import { createModelsSlice } from './models-slice';
import { createSettingsSlice } from './settings-slice';
import type { AppState, StoreDeps } from './store-types';
import { createUiSlice } from './ui-slice';

export type { AppState } from './store-types';
export type AppStore = StoreApi<AppState> & { applyCoreEvent(event: CoreEvent): void };

/** Builds a store around an API object (the real `window.nanotray`, or a fake in tests). */
export function createAppStore(deps: StoreDeps): AppStore {
  const store = createStore<AppState>()((set, get) => ({
    ...createChatSlice(set, get, deps),
    ...createSessionsSlice(set, get, deps),
    ...createModelsSlice(set, get, deps),
    ...createApprovalsSlice(set, get, deps),
    ...createMemorySlice(set, get, deps),
    ...createFileViewerSlice(set, get, deps),
    ...createReviewSlice(set, get, deps),
    ...createRuntimeSlice(set, get, deps),
    ...createMcpSignInSlice(set, get, deps),
    ...createMcpImportSlice(set, get, deps),
    ...createMcpSlice(set, get, deps),
    ...createNetworkSlice(set, get, deps),
    ...createElicitationSlice(set, get, deps),
    ...createSchedulerSlice(set, get, deps),
    ...createSettingsSlice(set, get, deps),
    ...createUiSlice(set, get, deps),
  }));
  const applyCoreEvent = (event: CoreEvent) => {
    const s = store.getState();
    s.applyChatEvent(event);
    s.applySessionsEvent(event);
    s.applyApprovalsEvent(event);
    s.applyMemoryEvent(event);
    s.applyReviewEvent(event);
    s.applyRuntimeEvent(event);
    s.applyMcpEvent(event);
    s.applyElicitationEvent(event);
    s.applySchedulerEvent(event);
    s.applySettingsEvent(event);
    s.applyUiEvent(event);
  };
  return Object.assign(store, { applyCoreEvent });
}

let appStore: AppStore | null = null;

/** Creates the app's store once, bound to `window.nanotray`. */
export function initAppStore(): AppStore {
  appStore ??= createAppStore({
    api: window.nanotray,
    frames: browserFrameScheduler(),
    now: () => Date.now(),
    refreshDelayMs: 150,
  });
  return appStore;
}

export function getAppStore(): AppStore {
  if (!appStore) throw new Error('initAppStore() must run before the UI renders');
  return appStore;
}

/** Select the smallest piece of state a component needs (use `useShallow` for objects/arrays built in the selector). */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(getAppStore(), selector);
}
