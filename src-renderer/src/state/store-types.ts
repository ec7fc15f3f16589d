// The whole store's type and the helpers every slice shares (set/get, the API, the frame scheduler).
import type { NanotrayApi } from '@contract/api';
import type { StoreApi } from 'zustand';
import type { FrameScheduler } from '../lib/stream-batcher';
import type { ChatSlice } from './chat-slice';
import type { SessionsSlice } from './sessions-slice';
import type { ModelsSlice } from './models-slice';
import type { ApprovalsSlice } from './approvals-slice';
import type { MemorySlice } from './memory-slice';
import type { FileViewerSlice } from './file-viewer-slice';
import type { ReviewSlice } from './review-slice';
import type { RuntimeSlice } from './runtime-slice';
import type { McpSignInSlice } from './mcp-sign-in-slice';
import type { McpImportSlice } from './mcp-import-slice';
import type { McpSlice } from './mcp-slice';
import type { NetworkSlice } from './network-slice';
import type { ElicitationSlice } from './elicitation-slice';
import type { SchedulerSlice } from './scheduler-slice';
import type { SettingsSlice } from './settings-slice';
import type { UiSlice } from './ui-slice';

export type AppState = ChatSlice &
  SessionsSlice &
  ModelsSlice &
  ApprovalsSlice &
  MemorySlice &
  FileViewerSlice &
  ReviewSlice &
  RuntimeSlice &
  McpSlice &
  NetworkSlice &
  ElicitationSlice &
  McpSignInSlice &
  McpImportSlice &
  SchedulerSlice &
  SettingsSlice &
  UiSlice;

export interface StoreDeps {
  api: NanotrayApi;
  frames: FrameScheduler;
  now: () => number;
  /** Debounce for refreshes triggered by bursts of events (0 in tests). */
  refreshDelayMs: number;
}

export type SetState = StoreApi<AppState>['setState'];
export type GetState = StoreApi<AppState>['getState'];

/** A slice factory: gets the store's set/get and the shared deps, returns its state and actions. */
export type SliceCreator<T> = (set: SetState, get: GetState, deps: StoreDeps) => T;

/** Runs `fn` once after `delayMs` of quiet; calls during the wait push it back. */
export function debounce(fn: () => void, delayMs: number): () => void {
  if (delayMs <= 0) return fn;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn();
    }, delayMs);
  };
}
