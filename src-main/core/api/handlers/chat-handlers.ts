// chat:* handlers: send/cancel go to the sessions service; the read side and session edits use the store.
import type { Core } from '../../nanotray-core';
import type { ImageAttachment } from '../../tools/tool';
import type { InvokeHandlers } from '../../../../src-preload/contract/schemas';
import { deleteSession, ensureSession, getSession, setSessionTitle, updateSessionMeta } from '../../store/sessions.repo';
import { createOrganiseHandlers } from './session-organise-handlers';
import { ipcError, ipcFail, ipcOk } from '../ipc-values';
import { exportMarkdown, historyPage, summaries } from './chat-store';
import { searchMessages } from '../../store/message-search.repo';
import { lastUserMessage, userMessageOfTurn } from '../../store/message-tail.repo';
import { archiveAfter, shownMessageBefore, showVersion } from '../../store/message-versions.repo';
import { startTurn } from './turn-start';
import { newDesktopSession } from './desktop-session';
import { isCommandInput, routeInput } from '../../commands/command-front-door';

type ChatHandlers = Pick<
  InvokeHandlers,
  | 'chat:send'
  | 'chat:cancel'
  | 'chat:regenerate'
  | 'chat:edit'
  | 'chat:set-model-preset'
  | 'chat:list-sessions'
  | 'chat:history'
  | 'chat:search'
  | 'chat:new-session'
  | 'chat:rename-session'
  | 'chat:delete-session'
  | 'chat:export-markdown'
  | 'chat:show-version'
  | 'chat:organise-session'
  | 'chat:drop-empty-session'
>;

/** `data:image/png;base64,AAAA` → `{ mimeType, data }` (the schema already checked the shape). */
export function parseImageDataUrl(url: string): ImageAttachment {
  const comma = url.indexOf(',');
  return { mimeType: url.slice(5, url.indexOf(';')), data: url.slice(comma + 1) };
}

export function createChatHandlers(core: Core): ChatHandlers {
  const isBusy = (key: string): boolean => core.sessions.isBusy(key);

  return {
    ...createOrganiseHandlers(core),

    async 'chat:send'({ sessionKey, text: typed, images, resources: refs, asText }) {
      if (!typed.trim() && !images?.length && !refs?.length) return ipcFail('invalid_input', 'Type a message or attach an image.');
      // A slash command is answered without the model, as a system message; one that fills in a message (an MCP
      // prompt) sends that instead. Plain text starts its turn without yielding first (the chat is busy at once).
      const route = { ...(asText ? { asText } : {}), hasAttachments: Boolean(images?.length || refs?.length) };
      const routed = isCommandInput(typed, route) ? await routeInput(core.commands, sessionKey, typed, route) : { kind: 'message' as const, text: typed };
      if (routed.kind === 'answered') {
        core.events.emit({ type: 'session.message', sessionKey, role: 'system', content: routed.result.output, at: core.clock.now() });
        return ipcOk({ turnId: '' });
      }
      const text = routed.text;
      const attachments = (images ?? []).map(parseImageDataUrl);
      // Attached MCP resources are read now: one that cannot be read sends nothing (the window keeps the draft).
      const attached = refs?.length ? await core.mcp.attach(refs, new AbortController().signal) : undefined;
      if (attached && !attached.ok) return ipcFail(attached.error.code === 'not_found' ? 'not_found' : 'unavailable', attached.error.message);
      const resources = attached?.ok ? attached.value : [];
      return startTurn(core, {
        sessionKey,
        text,
        interactive: true,
        source: 'user',
        ...(attachments.length ? { images: attachments } : {}),
        ...(resources.length ? { resources } : {}),
      });
    },

    async 'chat:regenerate'({ sessionKey }) {
      if (isBusy(sessionKey)) return ipcFail('conflict', 'A turn is running in this chat; stop it first.');
      const question = lastUserMessage(core.db, sessionKey);
      if (!question) return ipcFail('not_found', 'This chat has no message to answer again.');
      // the answer being replaced stays as a version (‹ 1/2 ›)
      archiveAfter(core.db, sessionKey, question.id, core.clock.now());
      return startTurn(core, { sessionKey, text: question.text, answerStored: true, interactive: true, source: 'user' });
    },

    async 'chat:edit'({ sessionKey, turnId, text, images }) {
      if (!text.trim() && !images?.length) return ipcFail('invalid_input', 'Type a message or attach an image.');
      if (isBusy(sessionKey)) return ipcFail('conflict', 'A turn is running in this chat; stop it first.');
      const original = userMessageOfTurn(core.db, sessionKey, turnId);
      if (!original) return ipcFail('not_found', 'That message is no longer in this chat.');
      // the message and what followed stay as a version (‹ 1/2 ›)
      archiveAfter(core.db, sessionKey, shownMessageBefore(core.db, sessionKey, original.id), core.clock.now());
      const attachments = (images ?? []).map(parseImageDataUrl);
      return startTurn(core, { sessionKey, text, interactive: true, source: 'user', ...(attachments.length ? { images: attachments } : {}) });
    },

    async 'chat:set-model-preset'({ sessionKey, preset }) {
      ensureSession(core.db, sessionKey, core.clock.now());
      const chosen = core.runtime.choosePreset(preset, { sessionKey, source: 'ui' });
      if (!chosen.ok) return ipcError(chosen.error);
      const list = core.runtime.presets(sessionKey);
      const active = list.presets.find((p) => p.name === list.active);
      return ipcOk({ preset: list.active, model: active?.model ?? '', text: chosen.value });
    },

    async 'chat:cancel'({ sessionKey }) {
      return ipcOk({ cancelled: core.sessions.cancel(sessionKey) });
    },

    async 'chat:list-sessions'(args) {
      return ipcOk({ sessions: summaries(core.db, isBusy, { ...(args?.limit ? { limit: args.limit } : {}), ...(args?.channel ? { channel: args.channel } : {}) }) });
    },

    async 'chat:show-version'({ sessionKey, parentId, index }) {
      if (isBusy(sessionKey)) return ipcFail('conflict', 'A turn is running in this chat; stop it first.');
      const shown = showVersion(core.db, sessionKey, parentId, index, core.clock.now());
      if (shown) core.events.emit({ type: 'session.changed', sessionKey, change: 'updated' });
      return ipcOk({ shown });
    },

    async 'chat:history'({ sessionKey, beforeId, limit }) {
      return ipcOk(historyPage(core.db, sessionKey, limit, beforeId, core.config().prices, core.sessions.activeTurn(sessionKey)?.turnId));
    },

    async 'chat:search'({ query, limit }) {
      return ipcOk({ hits: searchMessages(core.db, query, limit) });
    },

    async 'chat:new-session'(args) {
      return ipcOk({ sessionKey: newDesktopSession(core, args?.title) });
    },

    async 'chat:rename-session'({ sessionKey, title }) {
      if (!getSession(core.db, sessionKey)) return ipcFail('not_found', `No session "${sessionKey}".`);
      setSessionTitle(core.db, sessionKey, title);
      updateSessionMeta(core.db, sessionKey, { titleByUser: true });
      core.events.emit({ type: 'session.changed', sessionKey, change: 'updated' });
      return ipcOk({ sessionKey, title: getSession(core.db, sessionKey)?.title ?? title });
    },

    async 'chat:delete-session'({ sessionKey }) {
      if (isBusy(sessionKey)) return ipcFail('conflict', 'A turn is running in this session; stop it first.');
      const deleted = deleteSession(core.db, sessionKey);
      if (deleted) {
        core.events.emit({ type: 'session.changed', sessionKey, change: 'deleted' });
      }
      return ipcOk({ deleted });
    },

    async 'chat:export-markdown'({ sessionKey, words }) {
      const doc = exportMarkdown(core.db, sessionKey, words);
      return doc ? ipcOk(doc) : ipcFail('not_found', `No session "${sessionKey}".`);
    },
  };
}
