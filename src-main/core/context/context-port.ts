// The context-builder port: turns a session's stored history and the new message into what the model sees.
import type { ChatMessage } from '../model/chat-message';
import type { ToolSpec } from '../model/llm-provider';
import type { EffectiveModel } from '../model/model-presets';
import type { Config } from '../../../src-preload/contract/config-schema';

export interface ContextInput {
  sessionKey: string;
  /** The turn this context is built for (absent outside a turn: the bench, the runtime panel's prompt view). */
  turnId?: string;
  channel: string;
  chatId: string;
  /** Stored messages of the session, oldest first (already repaired: every tool call has a result). */
  history: ChatMessage[];
  /** Older messages of the session (after the consolidated ones) left unloaded because they cannot fit the window. */
  unread?: number;
  /** How many messages at the end of `history` are not stored (a subagent's task): consolidation keeps them. */
  unsaved?: number;
  model: EffectiveModel;
  config: Config;
  /** Real path of the workspace. */
  workspace: string;
  toolSpecs: ToolSpec[];
  now: number;
  signal?: AbortSignal;
}

export interface ContextBuilder {
  /** The full message list for the next model call, system prompt first. */
  build(input: ContextInput): Promise<ChatMessage[]>;
  /**
   * Called before every further model call of the same turn with the messages built so far plus what
   * the turn added (tool calls and results); returns a list that fits the window. Optional.
   */
  fitTurn?(messages: ChatMessage[], input: ContextInput): Promise<ChatMessage[]>;
}
