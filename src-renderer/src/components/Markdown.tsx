// Renders sanitised markdown; handles the copy buttons of code blocks and diagrams' source toggles, and sends links to the system browser (a link
// whose text names another host than it opens asks first, naming both).
// Re-renders once when the lazy renderer or highlighter arrives and on a language switch (the HTML carries labels);
// until the renderer is in, the text shows as it is (React escapes it).
import { memo, useCallback, useMemo, useState, useSyncExternalStore, type MouseEvent, type ReactElement } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ConfirmDialog } from './Dialog';
import { loadMarkdown, markdownRenderer, subscribeMarkdown } from '../lib/markdown-loader';
import { extrasVersion, subscribeExtras } from '../lib/render-extras';
import { useAppStore } from '../state/store';

interface MarkdownProps {
  source: string;
  /** Set for finished content so the HTML is cached across virtualised remounts. */
  cacheKey?: string;
  className?: string;
  /** A document (the memory preview): HTML comments, notes to whoever edits the file, are left out. */
  hideComments?: boolean;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A drawn diagram's "Show source" button: the picture and its code trade places (state lives in the DOM). */
function toggleDiagramSource(button: HTMLButtonElement, t: (key: 'chat.diagram.showSource' | 'chat.diagram.showPicture') => string): void {
  const figure = button.closest('.diagram');
  const picture = figure?.querySelector<HTMLElement>('.diagram-picture');
  const source = figure?.querySelector<HTMLElement>('.diagram-source');
  if (!picture || !source) return;
  const showSource = source.hidden;
  source.hidden = !showSource;
  picture.hidden = showSource;
  button.setAttribute('aria-expanded', String(showSource));
  button.textContent = t(showSource ? 'chat.diagram.showPicture' : 'chat.diagram.showSource');
}

export const Markdown = memo(function Markdown({ source, cacheKey, className, hideComments = false }: MarkdownProps): ReactElement {
  const openExternal = useAppStore((s) => s.openExternal);
  const { t, i18n } = useTranslation();
  const [misleading, setMisleading] = useState<{ href: string; host: string; named: string } | null>(null);
  const extras = useSyncExternalStore(subscribeExtras, extrasVersion);
  const md = useSyncExternalStore(subscribeMarkdown, markdownRenderer);
  const html = useMemo(
    () => (md ? (cacheKey ? md.renderMarkdownCached(cacheKey, source) : md.renderMarkdown(source, { hideComments })) : null),
    // the language, the highlighter, math, diagrams and the theme are inputs of the HTML too (read inside the renderers)
    [md, cacheKey, source, hideComments, i18n.language, extras],
  );
  if (!md) void loadMarkdown();

  const onClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      const copyButton = target.closest<HTMLButtonElement>('[data-copy-code]');
      if (copyButton) {
        const code = copyButton.closest('.code-block')?.querySelector('code')?.textContent ?? '';
        void copyText(code).then((done) => {
          // The name follows the visible word, so speech users can say what they see ("Copied" now).
          const result = done ? t('common.actions.copied') : t('common.actions.copyFailed');
          copyButton.textContent = result;
          copyButton.setAttribute('aria-label', result);
          window.setTimeout(() => {
            copyButton.textContent = t('common.actions.copy');
            copyButton.setAttribute('aria-label', t('chat.code.copyCode'));
          }, 1400);
        });
        return;
      }
      const toggle = target.closest<HTMLButtonElement>('[data-diagram-toggle]');
      if (toggle) {
        toggleDiagramSource(toggle, t);
        return;
      }
      const link = target.closest<HTMLAnchorElement>('a[href]');
      if (link) {
        event.preventDefault();
        const href = link.getAttribute('href') ?? '';
        const host = link.getAttribute('data-link-host');
        const named = link.getAttribute('data-named-host');
        if (host && named) setMisleading({ href, host, named });
        else void openExternal(href);
      }
    },
    [openExternal, t],
  );

  const classes = className ? `markdown ${className}` : 'markdown';
  if (html === null) {
    return (
      <div className={classes}>
        <p className="markdown-plain">{source}</p>
      </div>
    );
  }
  return (
    <>
      <div className={classes} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
      {misleading && (
        <ConfirmDialog
          title={t('chat.link.mismatchTitle')}
          body={
            <Trans
              i18nKey="chat.link.mismatchBody"
              values={{ host: misleading.host, named: misleading.named }}
              components={{ host: <strong className="mono" />, named: <span className="mono" /> }}
            />
          }
          confirmLabel={t('chat.link.open', { host: misleading.host })}
          danger
          onCancel={() => setMisleading(null)}
          onConfirm={() => {
            setMisleading(null);
            void openExternal(misleading.href);
          }}
        />
      )}
    </>
  );
});
