// "Thinking…" with three pulsing dots: what the chat and quick ask show before anything of the answer arrived.
import type { ReactElement } from 'react';

export function WaitingNote({ text }: { text: string }): ReactElement {
  return (
    <span className="thinking">
      <span className="thinking-dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      {text}
    </span>
  );
}
