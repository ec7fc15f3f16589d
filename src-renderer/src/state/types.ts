// Shapes the renderer keeps in its store: chat items, threads, memory documents, toasts.
import type { ApprovalRequest, VersionChoice } from '@contract/schemas';
import type { McpResourceRef } from '@contract/mcp-schemas';

/** Tokens, and US dollars when every model involved has a price. */
export interface UsageCost {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  cost?: number;
}


export type ChatItem =
  | {
      kind: 'user';
      id: string;
      text: string;
      images?: string[];
      /** MCP resources attached to the message: which server, which URI. */
      resources?: McpResourceRef[];
      at: number;
      /** The turn this message started (what edit and resend names); unknown until the send was accepted. */
      turnId?: string | null;
    }
  | {
      kind: 'assistant';
      id: string;
      /** The answer; empty when the message is only the reasoning before tool calls. */
      text: string;
      at: number;
      turnId: string | null;
      /** What the model thought first (the collapsed "Thinking" block). */
      reasoning?: string;
      /** The answer stopped before it was complete: the text is what arrived. */
      interrupted?: boolean;
      /** A fallback model wrote it (`preset (model)`). */
      answeredBy?: string;
      /** The model that wrote it (`preset (model)`, or the model alone), when known. */
      model?: string;
      /** On a turn's last answer: the tokens of the whole turn (every model call) and, when priced, the cost. */
      usage?: UsageCost;
    }
  | {
      kind: 'tool';
      id: string;
      turnId: string;
      name: string;
      args: string;
      /** `interrupted`: the turn ended (a Stop, Nanotray quitting) before the call finished or ran. */
      status: 'running' | 'ok' | 'error' | 'denied' | 'interrupted';
      result?: string;
      durationMs?: number;
      startedAt: number;
      /** The last progress the tool reported while running (MCP progress notifications). */
      progress?: { progress: number; total?: number; message?: string };
    }
  | { kind: 'approval'; id: string; request: ApprovalRequest; decision: ApprovalState }
  | { kind: 'notice'; id: string; text: string; tone: 'info' | 'stopped' | 'error'; at: number }
  /** A turn that failed: stored with it, so it is shown again after a reload; the last one offers its fix. */
  | { kind: 'turn-error'; id: string; message: string; fix: TurnError['fix']; at: number; turnId: string | null };

export type ApprovalState = 'pending' | 'allow_once' | 'allow_always' | 'deny' | 'expired' | 'stopped';

export interface TurnError {
  message: string;
  /** The fix we offer: open settings (provider/key problems) or just retry. */
  fix: 'settings' | 'retry';
}

export interface Thread {
  items: ChatItem[];
  loaded: boolean;
  loading: boolean;
  hasMore: boolean;
  /** Id of the oldest stored message loaded (for paging back). */
  oldestId: number | null;
  /** The running turn, if any. */
  turnId: string | null;
  /** Text streamed so far for the current assistant segment. */
  streamText: string;
  /** Reasoning streamed so far for the current segment (the open "Thinking" block). */
  streamReasoning: string;
  /** A model call waiting to be tried again: why, which retry, and when (the countdown). */
  retry: { message: string; attempt: number; retryAt: number } | null;
  /** Older messages being summarised into memory before the model answers (their number), until the answer starts. */
  summarising: number | null;
  /** A message the core did not accept (it is still in the composer); turn failures are `turn-error` items. */
  error: TurnError | null;
  /** The history could not be read (selecting the chat again tries again). */
  loadError: string | null;
  /** The user pressed Stop for the running turn. */
  stopRequested: boolean;
  /** The forks of the shown path (Edit, Regenerate): which version shows of how many (‹ 1/2 ›). */
  versions: VersionChoice[];
  /** The model answering the running turn (`preset (model)`), when the core said. */
  turnModel?: string | null;
  /** A fallback model took over the running turn (turnModel names it). */
  turnFallback?: boolean;
}

export function emptyThread(): Thread {
  return {
    items: [],
    loaded: false,
    loading: false,
    hasMore: false,
    oldestId: null,
    turnId: null,
    streamText: '',
    streamReasoning: '',
    retry: null,
    summarising: null,
    error: null,
    loadError: null,
    stopRequested: false,
    versions: [],
  };
}

export interface Toast {
  id: number;
  title: string;
  body: string;
  tone: 'info' | 'error' | 'success';
  sessionKey?: string;
  /** One button in the toast (e.g. Revert on "memory updated"); the toast closes when it is pressed. */
  action?: { label: string; run(): void };
  /** A toast of the same topic replaces the earlier one (settings applied one after another show only the last). */
  topic?: string;
}
