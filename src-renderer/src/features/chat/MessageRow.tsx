// One finished chat item: user message, assistant markdown (Copy, Regenerate on the last answer), tool card,
// approval card, a failed turn with its fix, or a notice.
import { memo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { Markdown } from '../../components/Markdown';
import { clockTime } from '../../lib/format';
import { usageLine, usageSplit } from '../../lib/usage-text';
import type { ChatItem } from '../../state/types';
import { useAppStore } from '../../state/store';
import { ApprovalCard } from './ApprovalCard';
import { ThinkingBlock } from './ThinkingBlock';
import { ToolCallCard } from './ToolCallCard';
import { CopyButton } from './CopyButton';
import { TurnErrorItem } from './TurnErrorItem';
import { UserMessage } from './UserMessage';
import { VersionSwitcher } from './VersionSwitcher';
import type { VersionChoice } from '@contract/schemas';
import { assertNever } from '../../lib/assert-never';

/** A new answer to the same question, in place of this one. */
function RegenerateButton({ sessionKey }: { sessionKey: string }): ReactElement {
  const { t } = useTranslation();
  const regenerate = useAppStore((s) => s.regenerate);
  return (
    <button type="button" className="btn btn-ghost btn-sm" aria-label={t('chat.rewrite.regenerate')} onClick={() => void regenerate(sessionKey)}>
      <Icon name="refresh" size={13} /> {t('chat.rewrite.regenerateShort')}
    </button>
  );
}

interface RowProps {
  item: ChatItem;
  sessionKey: string;
  /** A turn is running in this chat (nothing may be rewritten). */
  running: boolean;
  /** The answer (or failure) that ends the chat: a failure offers its fix, an answer "Regenerate". */
  latest: boolean;
  /** A search landed on this message: show all of it (a folded paste unfolds). */
  revealed?: boolean;
  /** This message starts a version of the chat (it was edited or regenerated): ‹ index/count ›. */
  version?: VersionChoice;
}

export const MessageRow = memo(function MessageRow({ item, sessionKey, running, latest, revealed = false, version }: RowProps): ReactElement {
  const { t } = useTranslation();
  switch (item.kind) {
    case 'user':
      return <UserMessage item={item} sessionKey={sessionKey} running={running} revealed={revealed} version={version} />;
    case 'assistant':
      return (
        <div className="msg msg-assistant" data-role="assistant">
          {item.reasoning && <ThinkingBlock text={item.reasoning} />}
          {item.text && <Markdown source={item.text} cacheKey={item.id} />}
          {(item.interrupted || item.answeredBy) && (
            <div className="msg-meta">
              {item.interrupted && <span className="badge badge-warn">{t('chat.message.interrupted')}</span>}
              {item.answeredBy && (
                <span className="faint">
                  {t('chat.message.answeredBy', { name: item.answeredBy })} ({t('chat.message.fallback')})
                </span>
              )}
            </div>
          )}
          {item.text && (
            <div className="msg-tools">
              {version && <VersionSwitcher sessionKey={sessionKey} version={version} disabled={running} />}
              <CopyButton text={item.text} label={t('chat.message.copyAnswer')} />
              {latest && !running && <RegenerateButton sessionKey={sessionKey} />}
              <span className="faint" style={{ alignSelf: 'center' }}>
                {clockTime(item.at)}
              </span>
              {item.model && (
                <span className="faint msg-model" data-testid="answer-model" title={t('chat.message.writtenBy', { name: item.model })}>
                  {item.model}
                </span>
              )}
              {item.usage && (
                <span className="faint msg-usage" data-testid="answer-usage" title={t('chat.usage.ofAnswer', { usage: usageLine(item.usage), split: usageSplit(item.usage) })}>
                  {usageLine(item.usage)}
                </span>
              )}
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
    case 'turn-error':
      return <TurnErrorItem item={item} sessionKey={sessionKey} latest={latest && !running} />;
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
