// A search snippet whose `[match]` markers (from SQLite FTS) become <mark> highlights.
import type { ReactElement } from 'react';

export function Snippet({ text }: { text: string }): ReactElement {
  const parts = text.split(/(\[[^\]]*\])/g);
  return (
    <span className="search-snippet">
      {parts.map((part, i) =>
        part.startsWith('[') && part.endsWith(']') && part.length > 2 ? <mark key={i}>{part.slice(1, -1)}</mark> : <span key={i}>{part}</span>,
      )}
    </span>
  );
}
