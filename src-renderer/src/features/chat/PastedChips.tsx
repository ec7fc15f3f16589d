// The long pastes and text files attached to the message being written: one chip each (a file's shows its name,
// size and pages) (size, a preview to open, remove; characters
// nobody sees counted on the chip and shown as \u{…} in the preview: they are sent with the user's authority), and the
// message's length under the box once it nears the limit — over it, Send waits and says by how much.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@contract/limits';
import { Icon } from '../../components/Icon';
import { currentLocale } from '../../i18n/i18n';
import { byteSize } from '../../lib/format';
import { countInvisible, revealInvisible } from '@contract/visible-text';
import { fileName, lengthState, pasteSize, type Paste } from './paste-text';

function Chip({ paste, n, onRemove }: { paste: Paste; n: number; onRemove(): void }): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const size = pasteSize(paste.text);
  const invisible = countInvisible(paste.text);
  const locale = currentLocale();
  const name = paste.file ? fileName(paste.file.name) : t('chat.paste.name', { n });
  const lines = t('chat.paste.size', { lines: size.lines.toLocaleString(locale), chars: size.chars.toLocaleString(locale) });
  const sizeText = paste.file
    ? [byteSize(paste.file.bytes), paste.file.pages ? t('chat.files.pages', { count: paste.file.pages }) : null, lines].filter(Boolean).join(' · ')
    : lines;
  return (
    <div className="paste-chip" role="group" aria-label={paste.file ? t('chat.files.chip', { name }) : t('chat.paste.chip', { n })}>
      <Icon name="file" size={14} />
      <span className="paste-chip-name">{name}</span>
      <span className="faint">{sizeText}</span>
      {invisible > 0 && <span className="badge badge-warn">{t('chat.paste.invisible', { count: invisible })}</span>}
      <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('chat.paste.hide') : t('chat.paste.show')}
      </button>
      <button type="button" className="btn btn-ghost btn-icon btn-sm" aria-label={paste.file ? t('chat.files.remove', { name }) : t('chat.paste.remove', { n })} onClick={onRemove}>
        <Icon name="x" size={12} />
      </button>
      {open && (
        <pre className="pre paste-preview" tabIndex={0} aria-label={paste.file ? t('chat.files.preview', { name }) : t('chat.paste.preview', { n })}>
          {revealInvisible(paste.text)}
        </pre>
      )}
    </div>
  );
}

export function PastedChips({ pastes, onRemove }: { pastes: readonly Paste[]; onRemove(id: string): void }): ReactElement | null {
  if (!pastes.length) return null;
  return (
    <div className="paste-chips">
      {pastes.map((p, i) => (
        <Chip key={p.id} paste={p} n={i + 1} onRemove={() => onRemove(p.id)} />
      ))}
    </div>
  );
}

/** The message's length, shown once it nears the limit; over it, why Send waits. */
export function LengthNote({ length }: { length: number }): ReactElement | null {
  const { t } = useTranslation();
  const state = lengthState(length);
  if (state === 'ok') return null;
  const locale = currentLocale();
  const values = { length: length.toLocaleString(locale), limit: LIMITS.textChars.toLocaleString(locale), over: (length - LIMITS.textChars).toLocaleString(locale) };
  return (
    <div className={state === 'over' ? 'length-note field-error' : 'length-note faint'} role="status" data-state={state}>
      {state === 'over' ? t('chat.paste.tooLong', values) : t('chat.paste.length', values)}
    </div>
  );
}
