// Chat domain: sending, cancelling, sessions, history (messages + tool events for cards), search, export.
import { z } from 'zod';
import { LIMITS } from './limits';
import { sessionKeySchema } from './common-schemas';
import { tokenUsageSchema, usageCostSchema } from './event-schemas';
import { invoke } from './channel-spec';
import { toolStatusSchema, turnErrorKindSchema } from './error-schemas';
import { mcpResourceRefSchema } from './mcp-schemas';

const imageDataUrlSchema = z
  .string()
  .max(LIMITS.imageDataUrlChars)
  .regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/, 'a base64 data: URL of a png/jpeg/gif/webp image');

export const chatSendInput = z.strictObject({
  sessionKey: sessionKeySchema,
  text: z.string().max(LIMITS.textChars),
  images: z.array(imageDataUrlSchema).max(LIMITS.imagesPerMessage).optional(),
  /** MCP resources the user attached: read when the message is sent, they go with it as untrusted content. */
  resources: z.array(mcpResourceRefSchema).max(LIMITS.resourcesPerMessage).optional(),
  /**
   * The text is a message, never a slash command, whatever it starts with: the window sets it when what the user typed
   * is not a command and a long paste leads the text (a paste is what it looks like, an attachment).
   */
  asText: z.boolean().optional(),
});
export const chatSendOutput = z.object({ turnId: z.string() });

/** Answer the session's last user message again: the old answer (text, tool calls, error) is replaced. */
export const chatRegenerateInput = z.strictObject({ sessionKey: sessionKeySchema });

/**
 * Edit and resend: the user message that started turn `turnId` and everything after it are replaced by the
 * new text and its answer; what was replaced stays as a version (chat:show-version).
 */
export const chatEditInput = z.strictObject({
  sessionKey: sessionKeySchema,
  turnId: z.string().min(1).max(100),
  text: z.string().max(LIMITS.textChars),
  images: z.array(imageDataUrlSchema).max(LIMITS.imagesPerMessage).optional(),
});

/** The user picks the chat's model preset (the picker next to the composer). */
export const chatSetModelPresetInput = z.strictObject({ sessionKey: sessionKeySchema, preset: z.string().min(1).max(LIMITS.titleChars) });
export const chatSetModelPresetOutput = z.object({
  preset: z.string(),
  model: z.string(),
  /** What the policy says it did (`Set model_preset = "fast" for the next turn; …`). */
  text: z.string(),
});

export const chatCancelInput = z.strictObject({ sessionKey: sessionKeySchema });
export const chatCancelOutput = z.object({ cancelled: z.boolean() });

/** A title the app made, worded by the window in its language: the heartbeat's chat, or a cron job's (its name). */
export const sessionTitleCodeSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('heartbeat') }),
  z.object({ code: z.literal('scheduled'), name: z.string() }),
]);
export type SessionTitleCode = z.output<typeof sessionTitleCodeSchema>;

export const sessionSummarySchema = z.object({
  key: z.string(),
  channel: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** A turn is running in this session right now. */
  busy: z.boolean(),
  modelPreset: z.string().optional(),
  /** The model the chat picked itself, with no preset (wins over modelPreset). */
  model: z.object({ provider: z.string(), model: z.string() }).optional(),
  /** Pinned by the user: listed on top. */
  pinned: z.boolean().optional(),
  /** Archived by the user: shown only in the Archived view, from which it can be restored. */
  archived: z.boolean().optional(),
  /** A scheduler chat (cron job or heartbeat): shown in the Scheduled view, apart from the user's chats. */
  scheduled: z.boolean().optional(),
  /** The title is the app's: the window words it from this code (the stored title is its English form). */
  titleCode: sessionTitleCodeSchema.optional(),
  /** The chat holds no message yet. */
  empty: z.boolean().optional(),
});
export const chatListSessionsInput = z
  .strictObject({ limit: z.number().int().min(1).max(LIMITS.listMax).optional(), channel: z.string().max(100).optional() })
  .optional();
export const chatListSessionsOutput = z.object({ sessions: z.array(sessionSummarySchema) });

export const toolCallSchema = z.object({ id: z.string(), name: z.string(), arguments: z.string() });

/**
 * How a turn ended when it did not simply complete: failed (with the kind that decides the fix offered),
 * stopped by the user, or cut at the step limit. Stored with the turn, so it is shown again after a reload.
 */
export const turnEndSchema = z.object({ stopReason: z.enum(['error', 'cancelled', 'max_iterations']), errorKind: turnErrorKindSchema.optional() });

/** One stored message; ids grow with time, so `beforeId` pages backwards. */
export const historyMessageSchema = z.object({
  id: z.number(),
  turnId: z.string().nullable(),
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string().nullable(),
  /** Image attachments of a user message (data: URLs). */
  images: z.array(z.string()).optional(),
  /** MCP resources attached to a user message. */
  resources: z.array(z.object({ server: z.string(), uri: z.string() })).optional(),
  toolCalls: z.array(toolCallSchema).optional(),
  toolCallId: z.string().optional(),
  /** Tool name of a `tool` message. */
  name: z.string().optional(),
  usage: tokenUsageSchema.optional(),
  /** What the model thought before this assistant message (kept apart from its content). */
  reasoning: z.string().optional(),
  /** The answer stopped before it was complete (a cut stream, an error, Stop): the text is what arrived. */
  interrupted: z.boolean().optional(),
  /** The model that wrote an assistant message when a fallback model answered (`preset (model)`). */
  answeredBy: z.string().optional(),
  /** The model that wrote an assistant message (`preset (model)`, or the model alone), when it was stored. */
  model: z.string().optional(),
  /** A system row saying how its turn ended (`content` is the message for people). */
  turnEnd: turnEndSchema.optional(),
  createdAt: z.number(),
});

/** What happened when a tool ran (the card in the chat). */
export const toolEventSchema = z.object({
  id: z.number(),
  turnId: z.string(),
  callId: z.string(),
  name: z.string(),
  args: z.string(),
  status: toolStatusSchema,
  result: z.string(),
  startedAt: z.number(),
  durationMs: z.number(),
});

export const chatHistoryInput = z.strictObject({
  sessionKey: sessionKeySchema,
  beforeId: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(LIMITS.historyPageMax).default(100),
});
export const chatHistoryOutput = z.object({
  sessionKey: z.string(),
  messages: z.array(historyMessageSchema),
  /** Tool events of the turns in `messages`. */
  toolEvents: z.array(toolEventSchema),
  /** Older messages exist before the first one returned. */
  hasMore: z.boolean(),
  /** Tokens (and cost) of each turn in `messages`, every model call of it summed. */
  turnUsage: z.record(z.string(), usageCostSchema).optional(),
  /**
   * The turn running in this session as the page was read: its tool calls without a result are still going (or
   * waiting for an approval); those of any other turn were interrupted (Nanotray stopped before they finished).
   */
  runningTurnId: z.string().optional(),
  /** The versions of the shown path (see versionChoiceSchema), oldest fork first; absent when nothing was edited. */
  versions: z.array(z.lazy(() => versionChoiceSchema)).optional(),
});

/** One fork of the chat (Edit, Regenerate): which version is shown after message `parentId`, of how many. */
export const versionChoiceSchema = z.object({
  /** The message the versions follow (0: the chat's start). */
  parentId: z.number(),
  /** The first shown message of the version (the window puts ‹ index/count › on it). */
  firstId: z.number().optional(),
  index: z.number(),
  count: z.number(),
});
export type VersionChoice = z.output<typeof versionChoiceSchema>;

/** Show another version at a fork: what is shown after the message is kept as a version, the chosen one comes back. */
export const chatShowVersionInput = z.strictObject({
  sessionKey: sessionKeySchema,
  parentId: z.number().int().min(0),
  index: z.number().int().min(1).max(LIMITS.listMax),
});
export const chatShowVersionOutput = z.object({ shown: z.boolean() });

export const chatSearchInput = z.strictObject({
  query: z.string().min(1).max(LIMITS.searchQueryChars),
  limit: z.number().int().min(1).max(200).default(50),
});
export const searchHitSchema = z.object({
  messageId: z.number(),
  sessionKey: z.string(),
  sessionTitle: z.string(),
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  /** Text around the match; matches are wrapped in `[` `]`. */
  snippet: z.string(),
  createdAt: z.number(),
});
export const chatSearchOutput = z.object({ hits: z.array(searchHitSchema) });

export const chatNewSessionInput = z.strictObject({ title: z.string().max(LIMITS.titleChars).optional() }).optional();
export const chatNewSessionOutput = z.object({ sessionKey: z.string() });

export const chatRenameSessionInput = z.strictObject({
  sessionKey: sessionKeySchema,
  title: z.string().max(LIMITS.titleChars),
});
export const chatRenameSessionOutput = z.object({ sessionKey: z.string(), title: z.string() });

export const chatDeleteSessionInput = z.strictObject({ sessionKey: sessionKeySchema });
export const chatDeleteSessionOutput = z.object({ deleted: z.boolean() });

/** Pin or unpin, archive or restore a chat; a field left out stays as it is. */
export const chatOrganiseSessionInput = z.strictObject({ sessionKey: sessionKeySchema, pinned: z.boolean().optional(), archived: z.boolean().optional() });
export const chatOrganiseSessionOutput = z.object({ sessionKey: z.string(), pinned: z.boolean(), archived: z.boolean() });

/** Forget a chat the user left before sending anything: removed only when it holds no message and has no title. */
export const chatDropEmptySessionInput = z.strictObject({ sessionKey: sessionKeySchema });
export const chatDropEmptySessionOutput = z.object({ dropped: z.boolean() });

/** The document's words in the window's language (its title as the window shows it, the headings, the first line). */
export const exportWordsSchema = z.strictObject({
  title: z.string().max(300),
  you: z.string().min(1).max(60),
  assistant: z.string().min(1).max(60),
  note: z.string().max(300),
});
export const chatExportMarkdownInput = z.strictObject({ sessionKey: sessionKeySchema, words: exportWordsSchema.optional() });
export const chatExportMarkdownOutput = z.object({ filename: z.string(), markdown: z.string() });

export type ExportWords = z.output<typeof exportWordsSchema>;
export type SessionSummary = z.output<typeof sessionSummarySchema>;
export type HistoryMessage = z.output<typeof historyMessageSchema>;
export type ToolEventView = z.output<typeof toolEventSchema>;
export type SearchHit = z.output<typeof searchHitSchema>;
export type TurnEnd = z.output<typeof turnEndSchema>;

/** `window.nanotray.chat.<method>`: each method's channel with its input and output schema. */
export const chatChannels = {
  /** Starts a turn; tokens and tool events arrive on `onCoreEvent` with the returned turnId. */
  send: invoke('chat:send', chatSendInput, chatSendOutput),
  cancel: invoke('chat:cancel', chatCancelInput, chatCancelOutput),
  /** A new answer to the last user message (Retry after a failure, Regenerate); refused while a turn runs. */
  regenerate: invoke('chat:regenerate', chatRegenerateInput, chatSendOutput),
  /** Replaces a user message and everything after it with the new text, and answers it; refused while a turn runs. */
  edit: invoke('chat:edit', chatEditInput, chatSendOutput),
  /**
   * The user's own choice of this chat's model preset, from its next turn. Always allowed (the user owns the app);
   * `tools.my.allowSet` governs only what the agent changes about itself (`runtime:set`, the `my` tool).
   */
  setModelPreset: invoke('chat:set-model-preset', chatSetModelPresetInput, chatSetModelPresetOutput),
  listSessions: invoke('chat:list-sessions', chatListSessionsInput, chatListSessionsOutput),
  history: invoke('chat:history', chatHistoryInput, chatHistoryOutput),
  search: invoke('chat:search', chatSearchInput, chatSearchOutput),
  newSession: invoke('chat:new-session', chatNewSessionInput, chatNewSessionOutput),
  renameSession: invoke('chat:rename-session', chatRenameSessionInput, chatRenameSessionOutput),
  deleteSession: invoke('chat:delete-session', chatDeleteSessionInput, chatDeleteSessionOutput),
  organiseSession: invoke('chat:organise-session', chatOrganiseSessionInput, chatOrganiseSessionOutput),
  dropEmptySession: invoke('chat:drop-empty-session', chatDropEmptySessionInput, chatDropEmptySessionOutput),
  exportMarkdown: invoke('chat:export-markdown', chatExportMarkdownInput, chatExportMarkdownOutput),
  /** Shows another version of the chat after a message (‹ 1/2 ›); refused while a turn runs. */
  showVersion: invoke('chat:show-version', chatShowVersionInput, chatShowVersionOutput),
};
