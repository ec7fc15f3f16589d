// One finished chat item: user bubble, assistant markdown, tool card, approval card or a notice.
import { memo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { Markdown } from '../../components/Markdown';
import { clockTime } from '../../lib/format';
import type { ChatItem } from '../../state/types';
import { ApprovalCard } from './ApprovalCard';
import { ThinkingBlock } from './ThinkingBlock';
import { ToolCallCard } from './ToolCallCard';
import { assertNever } from '../../lib/assert-never';

function CopyMessage({ text }: { text: string }): ReactElement {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      aria-label={t('chat.message.copyAnswer')}
      onClick={() => {
        void navigator.clipboard.writeText(text).then(() => {
          setDone(true);
          window.setTimeout(() => setDone(false), 1200);
        });
      }}
    >
      <Icon name={done ? 'check' : 'copy'} size={13} /> {done ? t('common.actions.copied') : t('common.actions.copy')}
    </button>
  );
}

export const MessageRow = memo(function MessageRow({ item }: { item: ChatItem }): ReactElement {
  const { t } = useTranslation();
  switch (item.kind) {
    case 'user':
      return (
        <div className="msg msg-user" data-role="user">
          {item.images && item.images.length > 0 && (
            <div className="msg-images">
              {item.images.map((src, i) => (
                <img key={i} src={src} alt={t('chat.message.attachedImage', { n: i + 1 })} />
              ))}
            </div>
          )}
          {item.text && (
            <div className="bubble" title={clockTime(item.at)}>
              {item.text}
            </div>
          )}
        </div>
      );
    case 'assistant':
      return (
        <div className="msg msg-assistant" data-role="assistant">
          {item.reasoning && <ThinkingBlock text={item.reasoning} />}
          {item.text && <Markdown source={item.text} cacheKey={item.id} />}
          {(item.interrupted || item.answeredBy) && (
            <div className="msg-meta">
              {item.interrupted && <span className="badge badge-warn">{t('chat.message.interrupted')}</span>}
              {item.answeredBy && <span className="faint">{t('chat.message.answeredBy', { name: item.answeredBy })}</span>}
            </div>
          )}
          {item.text && (
            <div className="msg-tools">
              <CopyMessage text={item.text} />
              <span className="faint" style={{ alignSelf: 'center' }}>
                {clockTime(item.at)}
              </span>
            </div>
          )}
        </div>
      );
    case 'tool':
      return (
        <div className="msg" data-role="tool">
          <ToolCallCard item={item} />
        </div>
      );
    case 'approval':
      return (
        <div className="msg" data-role="approval">
          <ApprovalCard item={item} />
        </div>
      );
    case 'notice':
      return (
        <div className={`msg msg-notice notice-${item.tone}`} data-role="notice">
          <span className="notice-box">{item.text}</span>
        </div>
      );
    default:
      return assertNever(item);
  }
});
