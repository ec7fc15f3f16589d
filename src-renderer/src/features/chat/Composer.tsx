// The message input: multi-line, Enter sends, Shift+Enter newline, Esc stops a running turn,
// `/` opens command autocomplete (names, then arguments: an MCP prompt's are completed by its server), files (images,
// PDFs, text and code) by paste, drop or the attach button.
import { forwardRef, useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { useAppStore } from '../../state/store';
import { attachFiles } from './attach-files';
import { matchCommands, slashQuery } from './slash';
import { ModelPicker } from './ModelPicker';
import { useArgumentSuggestions } from './argument-suggestions';
import { ResourcePicker } from '../mcp/ResourcePicker';
import { ResourceChips } from '../mcp/ResourceChips';
import type { McpResourceRef } from '@contract/mcp-schemas';

/** At most this many MCP resources go with one message (the contract's bound). */

/** One line of the autocomplete menu: picking it makes the input `text`. */
interface MenuEntry {
  id: string;
  label: string;
  description: string;
  usage?: string;
  text: string;
}
import { LIMITS } from '@contract/limits';
import { LengthNote, PastedChips } from './PastedChips';
import { composeMessage, isLongPaste, lengthState, type Paste } from './paste-text';
import { focusWaitingApproval } from './approval-focus';
import { isSlashCommand } from '@contract/slash-command-rule';

export interface ComposerHandle {
  focus(): void;
  addFiles(files: File[]): void;
}

interface ComposerProps {
  sessionKey: string | null;
  running: boolean;
  placeholder?: string;
}

const MAX_HEIGHT_PX = 240;

export const Composer = forwardRef<ComposerHandle, ComposerProps>(function Composer({ sessionKey, running, placeholder }, ref): ReactElement {
  const { t } = useTranslation();
  const sendMessage = useAppStore((s) => s.sendMessage);
  const stopTurn = useAppStore((s) => s.stopTurn);
  // an approval waiting in this chat: Esc goes to it rather than stopping the turn
  const approvalWaiting = useAppStore((s) => Object.values(s.approvals).some((a) => a.sessionKey === sessionKey));
  const pushToast = useAppStore((s) => s.pushToast);
  const commands = useAppStore((s) => s.commands);
  const acceptsImages = useAppStore((s) => {
    const config = s.settings?.config;
    if (!config) return true; // unknown yet: do not warn
    const preset = s.sessions.find((x) => x.key === sessionKey)?.modelPreset;
    return (preset && preset !== 'default' ? config.modelPresets[preset]?.vision : undefined) ?? config.agent.vision;
  });
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [resources, setResources] = useState<McpResourceRef[]>([]);
  // Long pastes ride along as chips instead of filling the box (see paste-text.ts).
  const [pastes, setPastes] = useState<Paste[]>([]);
  // The file being read while attachments arrive (a large PDF takes seconds).
  const [reading, setReading] = useState<string | null>(null);
  const [menuIndex, setMenuIndex] = useState(0);
  const [menuClosed, setMenuClosed] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const query = slashQuery(text);
  const argumentSuggestions = useArgumentSuggestions(text);
  const entries: MenuEntry[] = menuClosed
    ? []
    : query !== null
      ? matchCommands(commands, query).map((c) => ({ id: `slash-${c.name}`, label: `/${c.name}`, description: c.description, ...(c.usage ? { usage: c.usage } : {}), text: `/${c.name} ` }))
      : argumentSuggestions.map((c, i) => ({ id: `slash-arg-${i}`, label: c.label, description: c.description, text: `${c.text} ` }));
  const matches = entries;
  const menuOpen = matches.length > 0;
  const activeIndex = Math.min(menuIndex, Math.max(0, matches.length - 1));

  const addFiles = async (files: File[]) => {
    const room = { images: LIMITS.imagesPerMessage - images.length, chars: LIMITS.textChars - composeMessage(text, pastes).length };
    const attached = await attachFiles(files, room, setReading).finally(() => setReading(null));
    if (attached.images.length) setImages((prev) => [...prev, ...attached.images].slice(0, LIMITS.imagesPerMessage));
    if (attached.files.length) setPastes((prev) => [...prev, ...attached.files]);
    if (attached.problems.length) pushToast({ title: t('chat.composer.notAttached'), body: attached.problems.join(t('chat.composer.listSeparator')), tone: 'error' });
  };

  useImperativeHandle(ref, () => ({ focus: () => textareaRef.current?.focus(), addFiles: (f) => void addFiles(f) }));

  // Grow with the text up to a limit, without a layout jump per keystroke.
  useLayoutEffect(() => {
    const el = textareaRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  const message = composeMessage(text, pastes);
  const tooLong = lengthState(message.length) === 'over';

  const send = async () => {
    if (running || tooLong) return;
    if (!message.trim() && images.length === 0 && resources.length === 0) return;
    const sentText = text;
    const sentImages = images;
    const sentResources = resources;
    const sentPastes = pastes;
    setText('');
    setImages([]);
    setResources([]);
    setPastes([]);
    // What the user typed decides whether this is a command: a paste that leads the text (a copied answer, a page)
    // shows as a chip, so it may not run as one.
    const ok = await sendMessage(message, sentImages, sentResources, sentPastes.length > 0 && !isSlashCommand(sentText));
    if (!ok && !isSlashCommand(sentText)) {
      // keep what the user wrote when it could not be sent
      setText((t) => t || sentText);
      setImages((i) => (i.length ? i : sentImages));
      setResources((r) => (r.length ? r : sentResources));
      setPastes((p) => (p.length ? p : sentPastes));
    }
  };

  const complete = (entry: MenuEntry) => {
    setText(entry.text);
    // After a command name the menu may open again with its arguments; after an argument it stays closed.
    setMenuClosed(entry.id.startsWith('slash-arg-'));
    setMenuIndex(0);
    textareaRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (menuOpen) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const delta = e.key === 'ArrowDown' ? 1 : -1;
        setMenuIndex((activeIndex + delta + matches.length) % matches.length);
        return;
      }
      if (e.key === 'Tab' || (e.key === 'Enter' && !e.shiftKey && matches[activeIndex] && matches[activeIndex].text.trim() !== text.trim())) {
        e.preventDefault();
        const pick = matches[activeIndex];
        if (pick) complete(pick);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setMenuClosed(true);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void send();
    } else if (e.key === 'Escape' && focusWaitingApproval()) {
      // an approval waits: Esc goes there to answer it (Stop stays on its button)
      e.preventDefault();
    } else if (e.key === 'Escape' && running) {
      e.preventDefault();
      void stopTurn(sessionKey ?? undefined);
    }
  };

  const activeId = menuOpen ? matches[activeIndex]?.id : undefined;
  const canSend = !running && !tooLong && (message.trim().length > 0 || images.length > 0 || resources.length > 0);

  return (
    <div className="composer">
      {menuOpen && (
        <ul className="slash-menu" role="listbox" id="slash-menu" aria-label={t('chat.composer.commands')}>
          {matches.map((c, i) => (
            <li
              key={c.id}
              id={c.id}
              role="option"
              aria-selected={i === activeIndex}
              className="slash-item"
              onMouseDown={(e) => {
                e.preventDefault();
                complete(c);
              }}
            >
              <span className="slash-name">{c.label}</span>
              <span className="muted">{c.description}</span>
              {c.usage && <span className="faint mono">{c.usage}</span>}
            </li>
          ))}
        </ul>
      )}
      {images.length > 0 && !acceptsImages && (
        <div className="attach-warning" role="status">
          {t('chat.composer.noImages')}
        </div>
      )}
      {images.length > 0 && (
        <div className="attachments" aria-label={t('chat.composer.attached')}>
          {images.map((src, i) => (
            <div className="attachment" key={i}>
              <img src={src} alt={t('chat.composer.attachment', { n: i + 1 })} />
              <button type="button" className="btn btn-icon btn-sm" aria-label={t('chat.composer.removeAttachment', { n: i + 1 })} onClick={() => setImages(images.filter((_, j) => j !== i))}>
                <Icon name="x" size={12} />
              </button>
            </div>
          ))}
        </div>
      )}
      <ResourceChips resources={resources} onRemove={(i) => setResources(resources.filter((_, j) => j !== i))} />
      {reading !== null && (
        <div className="paste-chips">
          <div className="reading-chip" role="status">
            <span className="spinner" aria-hidden="true" /> {t('chat.files.reading', { name: reading })}
          </div>
        </div>
      )}
      <PastedChips pastes={pastes} onRemove={(id) => setPastes((p) => p.filter((x) => x.id !== id))} />
      <textarea
        ref={textareaRef}
        rows={1}
        value={text}
        aria-label={t('chat.composer.message')}
        placeholder={placeholder ?? t('chat.composer.placeholder')}
        // a multi-line textbox with a command list (role=combobox is not allowed on a textarea)
        data-main-control=""
        data-composer=""
        aria-controls={menuOpen ? 'slash-menu' : undefined}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        onChange={(e) => {
          setText(e.target.value);
          setMenuIndex(0);
          setMenuClosed(false);
        }}
        onKeyDown={onKeyDown}
        onPaste={(e) => {
          const files = [...e.clipboardData.files];
          if (files.length) {
            e.preventDefault();
            void addFiles(files);
            return;
          }
          const pasted = e.clipboardData.getData('text/plain');
          if (isLongPaste(pasted)) {
            e.preventDefault();
            setPastes((p) => [...p, { id: `${Date.now()}-${p.length}`, text: pasted }]);
          }
        }}
      />
      <LengthNote length={message.length} />
      <div className="composer-bar">
        <input
          ref={fileRef}
          type="file"
          multiple
          hidden
          onChange={(e) => {
            void addFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <button type="button" className="btn btn-ghost btn-icon btn-sm" aria-label={t('chat.composer.attach')} title={t('chat.composer.attachHint')} onClick={() => fileRef.current?.click()}>
          <Icon name="paperclip" size={15} />
        </button>
        <ResourcePicker attached={resources} full={resources.length >= LIMITS.resourcesPerMessage} onPick={(r) => setResources((now) => [...now, r].slice(0, LIMITS.resourcesPerMessage))} />
        <ModelPicker sessionKey={sessionKey} />
        <span className="composer-hint">{running ? t(approvalWaiting ? 'chat.composer.escToApproval' : 'chat.composer.escToStop') : ''}</span>
        <span className="spacer" />
        {running ? (
          <button type="button" className="btn btn-sm" onClick={() => void stopTurn(sessionKey ?? undefined)} aria-label={t('chat.composer.stopAnswer')}>
            <Icon name="stop" size={13} /> {t('chat.composer.stop')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary btn-sm" disabled={!canSend} onClick={() => void send()} aria-label={t('chat.composer.sendMessage')}>
            <Icon name="send" size={14} /> {t('chat.composer.send')}
          </button>
        )}
      </div>
    </div>
  );
});
