// The model's reasoning as a collapsible "Thinking" block: open while it streams, closed once the answer is in
// (a native <details>, so it works with the keyboard and screen readers without extra wiring).
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export function ThinkingBlock({ text, streaming = false }: { text: string; streaming?: boolean }): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(streaming);
  // Streaming opens it; the end of the stream closes it unless the user chose otherwise meanwhile.
  useEffect(() => setOpen(streaming), [streaming]);
  return (
    <details className="thinking-block" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-streaming={streaming || undefined}>
      <summary>
        <span className="thinking-label">{streaming ? t('chat.message.thinkingNow') : t('chat.message.thinking')}</span>
        {!streaming && <span className="faint thinking-size">{t('chat.message.words', { count: wordCount(text) })}</span>}
      </summary>
      <div className="thinking-text">{text}</div>
    </details>
  );
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
