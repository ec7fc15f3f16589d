// MCP resources attached to a message: in the composer (each with a remove button) and on the sent message.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';
import { revealInvisible } from '@contract/visible-text';
import { useAppStore } from '../../state/store';
import type { McpResourceRef } from '@contract/mcp-schemas';

/** The resource's title as its server lists it, else its URI. */
function useTitle(ref: McpResourceRef): string {
  return useAppStore((s) => {
    const listed = s.mcpResources.find((r) => r.server === ref.server && r.uri === ref.uri);
    return listed?.title ?? listed?.name ?? ref.uri;
  });
}

function Chip({ resource, onRemove }: { resource: McpResourceRef; onRemove?: () => void }): ReactElement {
  const { t } = useTranslation();
  const title = revealInvisible(useTitle(resource));
  return (
    <li className="resource-chip" title={revealInvisible(resource.uri)}>
      <Icon name="server" size={12} />
      <span>{title}</span>
      <span className="faint">{resource.server}</span>
      {onRemove && (
        <button type="button" className="btn btn-icon btn-sm" aria-label={t('mcp.resources.remove', { name: title })} onClick={onRemove}>
          <Icon name="x" size={11} />
        </button>
      )}
    </li>
  );
}

export function ResourceChips({ resources, onRemove }: { resources: readonly McpResourceRef[]; onRemove?: (index: number) => void }): ReactElement | null {
  const { t } = useTranslation();
  if (resources.length === 0) return null;
  return (
    <ul className="resource-chips" aria-label={t('mcp.resources.attached')}>
      {resources.map((r, i) => (
        <Chip key={`${r.server}\u0000${r.uri}`} resource={r} {...(onRemove ? { onRemove: () => onRemove(i) } : {})} />
      ))}
    </ul>
  );
}
