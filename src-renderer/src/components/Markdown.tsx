// Renders sanitised markdown; handles the copy buttons of code blocks and sends links to the system browser.
import { memo, useCallback, type MouseEvent, type ReactElement } from 'react';
import { renderMarkdown, renderMarkdownCached } from '../lib/markdown';
import { useAppStore } from '../state/store';

interface MarkdownProps {
  source: string;
  /** Set for finished content so the HTML is cached across virtualised remounts. */
  cacheKey?: string;
  className?: string;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export const Markdown = memo(function Markdown({ source, cacheKey, className }: MarkdownProps): ReactElement {
  const openExternal = useAppStore((s) => s.openExternal);
  const html = cacheKey ? renderMarkdownCached(cacheKey, source) : renderMarkdown(source);

  const onClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      const copyButton = target.closest<HTMLButtonElement>('[data-copy-code]');
      if (copyButton) {
        const code = copyButton.closest('.code-block')?.querySelector('code')?.textContent ?? '';
        void copyText(code).then((done) => {
          copyButton.textContent = done ? 'Copied' : 'Copy failed';
          window.setTimeout(() => {
            copyButton.textContent = 'Copy';
          }, 1400);
        });
        return;
      }
      const link = target.closest<HTMLAnchorElement>('a[href]');
      if (link) {
        event.preventDefault();
        void openExternal(link.getAttribute('href') ?? '');
      }
    },
    [openExternal],
  );

  return (
    <div
      className={className ? `markdown ${className}` : 'markdown'}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});
