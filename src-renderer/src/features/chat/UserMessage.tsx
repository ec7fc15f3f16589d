// The user's message: bubble and images, Copy, and Edit — an editor in place whose Send replaces this message and
// everything after it (the chat is cut there, no branch is kept). Esc cancels; nothing typed is lost on a refusal.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { clockTime } from '../../lib/format';
import { useAppStore } from '../../state/store';
import type { ChatItem } from '../../state/types';
import { CopyButton } from './CopyButton';
import { ResourceChips } from '../mcp/ResourceChips';
import { isLongPaste, pasteSize } from './paste-text';
import { currentLocale } from '../../i18n/i18n';
import { VersionSwitcher } from './VersionSwitcher';
import type { VersionChoice } from '@contract/schemas';

type UserItem = Extract<ChatItem, { kind: 'user' }>;

function Editor({ item, sessionKey, onDone }: { item: UserItem; sessionKey: string; onDone(): void }): ReactElement {
  const { t } = useTranslation();
  const editAndResend = useAppStore((s) => s.editAndResend);
  const [text, setText] = useState(item.text);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const send = async () => {
    if (!text.trim() || busy) return;
    setBusy(true);
    const ok = await editAndResend(sessionKey, item.id, text);
    setBusy(false);
    if (ok) onDone(); // else the editor stays open with the text (the toast says why)
  };
  return (
    <div className="msg-edit" role="group" aria-label={t('chat.rewrite.editGroup')}>
      <textarea
        ref={ref}
        className="msg-edit-input"
        aria-label={t('chat.rewrite.edited')}
        value={text}
        rows={Math.min(12, Math.max(2, text.split('\n').length))}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.nativeEvent.isComposing) return;
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onDone();
          } else if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <div className="msg-edit-bar">
        <span className="faint">{t('chat.rewrite.replacesTail')}</span>
        <span className="spacer" />
        <button type="button" className="btn btn-sm btn-ghost" onClick={onDone}>
          {t('common.actions.cancel')}
        </button>
        <button type="button" className="btn btn-sm btn-primary" disabled={busy || !text.trim()} onClick={() => void send()}>
          <Icon name="send" size={13} /> {t('chat.composer.send')}
        </button>
      </div>
    </div>
  );
}

interface UserMessageProps {
  item: UserItem;
  sessionKey: string;
  running: boolean;
  /** A search landed here: show all of it. */
  revealed?: boolean;
  /** This message starts a version of the chat (it was edited): ‹ index/count ›. */
  version?: VersionChoice;
}

export function UserMessage({ item, sessionKey, running, revealed = false, version }: UserMessageProps): ReactElement {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [unfolded, setUnfolded] = useState(revealed);
  // a search landing on this message shows all of it
  useEffect(() => {
    if (revealed) setUnfolded(true);
  }, [revealed]);
  const canEdit = !running && Boolean(item.turnId);
  // A long paste stays a few screens tall until asked for (a 15,000 px bubble buries the conversation).
  const long = isLongPaste(item.text);
  const folded = long && !unfolded;
  return (
    <div className="msg msg-user" data-role="user">
      {item.images && item.images.length > 0 && (
        <div className="msg-images">
          {item.images.map((src, i) => (
            <img key={i} src={src} alt={t('chat.message.attachedImage', { n: i + 1 })} />
          ))}
        </div>
      )}
      {item.resources && <ResourceChips resources={item.resources} />}
      {editing ? (
        <Editor item={item} sessionKey={sessionKey} onDone={() => setEditing(false)} />
      ) : (
        <>
          {item.text && (
            <div className="bubble" title={clockTime(item.at)} data-folded={folded || undefined}>
              {item.text}
            </div>
          )}
          {long && (
            <button type="button" className="btn btn-ghost btn-sm" aria-expanded={!folded} onClick={() => setUnfolded(!unfolded)}>
              {folded ? t('chat.paste.showAll', { lines: pasteSize(item.text).lines.toLocaleString(currentLocale()) }) : t('chat.paste.showLess')}
            </button>
          )}
          <div className="msg-tools">
            {version && <VersionSwitcher sessionKey={sessionKey} version={version} disabled={running} />}
            {item.text && <CopyButton text={item.text} label={t('chat.rewrite.copyMessage')} />}
            {canEdit && (
              <button type="button" className="btn btn-ghost btn-sm" aria-label={t('chat.rewrite.edit')} onClick={() => setEditing(true)}>
                <Icon name="edit" size={13} /> {t('common.actions.edit')}
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
