// The answer being streamed: re-rendered once per frame from the batched text, with a cursor; the model's reasoning
// above it in an open Thinking block, a retry countdown while a model call waits to be tried again, and what the
// turn does before the model answers (summarising older messages).
import { memo, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { Markdown } from '../../components/Markdown';
import { useAppStore } from '../../state/store';
import { settledBounds } from './stream-split';
import { RetryCountdown } from './RetryCountdown';
import { ThinkingBlock } from './ThinkingBlock';
import { WaitingNote } from './WaitingNote';

/**
 * Each settled chunk (whole paragraphs, closed code fences) is rendered and highlighted once and keeps its DOM
 * (Markdown is memoised on its source); only the tail still being written re-renders per frame.
 */
function StreamedMarkdown({ text }: { text: string }): ReactElement {
  const state = useRef<{ bounds: number[]; text: string }>({ bounds: [], text: '' });
  const bounds = settledBounds(state.current.bounds, state.current.text, text);
  state.current = { bounds, text };
  const starts = [0, ...bounds];
  const tail = text.slice(starts[starts.length - 1]);
  return (
    <>
      {bounds.map((end, i) => (
        <Markdown key={starts[i]} source={text.slice(starts[i], end)} />
      ))}
      {tail && <Markdown source={tail} />}
    </>
  );
}

export const StreamingRow = memo(function StreamingRow({ sessionKey }: { sessionKey: string }): ReactElement | null {
  const { t } = useTranslation();
  const { text, reasoning, running, retry, summarising } = useAppStore(
    useShallow((s) => {
      const t = s.threads[sessionKey];
      return { text: t?.streamText ?? '', reasoning: t?.streamReasoning ?? '', running: Boolean(t?.turnId), retry: t?.retry ?? null, summarising: t?.summarising ?? null };
    }),
  );
  const waitingForApproval = useAppStore((s) => Object.values(s.approvals).some((a) => a.sessionKey === sessionKey));
  if (!running && !text && !reasoning) return null;
  return (
    <div className="msg msg-assistant msg-streaming" data-role="streaming" aria-busy={running}>
      {reasoning && <ThinkingBlock text={reasoning} streaming={running && !text} />}
      {text ? (
        <StreamedMarkdown text={text} />
      ) : retry ? (
        <RetryCountdown retry={retry} />
      ) : (
        !reasoning && (
          <WaitingNote
            text={
              waitingForApproval
                ? t('chat.message.waitingApproval')
                : summarising !== null
                  ? t('chat.message.summarising', { count: summarising })
                  : t('chat.message.thinkingNow')
            }
          />
        )
      )}
      {text && running && <span className="cursor" aria-hidden="true" />}
    </div>
  );
});
