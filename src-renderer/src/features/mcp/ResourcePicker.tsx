// The composer's "attach a resource" button and its popover: the resources connected MCP servers list, filtered as
// the user types; a click (or Enter) attaches one. Escape closes it and gives the focus back to the button.
import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpResource } from '@contract/schemas';
import { Icon } from '../../components/Icon';
import { revealInvisible } from '@contract/visible-text';
import { useAppStore } from '../../state/store';
import type { McpResourceRef } from '@contract/mcp-schemas';

const SHOWN = 50;

interface Props {
  attached: readonly McpResourceRef[];
  /** No more can be attached (the per-message limit). */
  full: boolean;
  onPick(resource: McpResourceRef): void;
}

function matches(r: McpResource, filter: string): boolean {
  const f = filter.trim().toLowerCase();
  return !f || [r.title ?? '', r.name, r.uri, r.server].some((x) => x.toLowerCase().includes(f));
}

export function ResourcePicker({ attached, full, onPick }: Props): ReactElement | null {
  const { t } = useTranslation();
  const anyServerHasResources = useAppStore((s) => s.mcpServers.some((m) => m.state === 'connected' && (m.resourceCount ?? 0) > 0));
  const resources = useAppStore((s) => s.mcpResources);
  const load = useAppStore((s) => s.loadMcpResources);
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const popoverId = useId();

  useEffect(() => {
    if (!open) return;
    void load();
    input.current?.focus();
  }, [open, load]);

  if (!anyServerHasResources) return null;
  const close = (): void => {
    setOpen(false);
    setFilter('');
    button.current?.focus();
  };
  const shown = resources.filter((r) => matches(r, filter) && !attached.some((a) => a.server === r.server && a.uri === r.uri)).slice(0, SHOWN);

  return (
    <div className="resource-picker">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-icon btn-sm"
        aria-label={t('mcp.resources.attach')}
        title={full ? t('mcp.resources.max', { count: attached.length }) : t('mcp.resources.attach')}
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        disabled={full}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Icon name="server" size={15} />
      </button>
      {open && (
        <div
          className="resource-popover"
          id={popoverId}
          role="dialog"
          aria-label={t('mcp.resources.list')}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              close();
            }
          }}
        >
          <input ref={input} className="input" type="search" aria-label={t('mcp.resources.filter')} placeholder={t('mcp.resources.filter')} value={filter} onChange={(e) => setFilter(e.target.value)} />
          <p className="faint resource-note">{t('mcp.resources.untrusted')}</p>
          {resources.length === 0 ? (
            <p className="faint">{t('mcp.resources.none')}</p>
          ) : shown.length === 0 ? (
            <p className="faint">{t('mcp.resources.noMatch')}</p>
          ) : (
            <ul className="resource-list">
              {shown.map((r) => (
                <li key={`${r.server}\u0000${r.uri}`}>
                  <button
                    type="button"
                    className="resource-option"
                    title={t('mcp.resources.pick', { name: r.title ?? r.name, server: r.server })}
                    onClick={() => {
                      onPick({ server: r.server, uri: r.uri });
                      close();
                    }}
                  >
                    <span className="resource-name">{revealInvisible(r.title ?? r.name)}</span>
                    <span className="faint mono">{revealInvisible(r.uri)}</span>
                    <span className="badge">{r.server}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
