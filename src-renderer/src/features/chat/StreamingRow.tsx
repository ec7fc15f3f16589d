// The answer being streamed: re-rendered once per frame from the batched text, with a cursor.
import { memo, type ReactElement } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Markdown } from '../../components/Markdown';
import { useAppStore } from '../../state/store';

export const StreamingRow = memo(function StreamingRow({ sessionKey }: { sessionKey: string }): ReactElement | null {
  const { text, running, retryNote } = useAppStore(
    useShallow((s) => {
      const t = s.threads[sessionKey];
      return { text: t?.streamText ?? '', running: Boolean(t?.turnId), retryNote: t?.retryNote ?? null };
    }),
  );
  const waitingForApproval = useAppStore((s) => Object.values(s.approvals).some((a) => a.sessionKey === sessionKey));
  if (!running && !text) return null;
  return (
    <div className="msg msg-assistant msg-streaming" data-role="streaming" aria-busy={running}>
      {text ? (
        <Markdown source={text} />
      ) : (
        <span className="thinking">
          <span className="thinking-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {retryNote ?? (waitingForApproval ? 'Waiting for your approval…' : 'Thinking…')}
        </span>
      )}
      {text && running && <span className="cursor" aria-hidden="true" />}
    </div>
  );
});
