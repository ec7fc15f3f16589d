// Placeholder until the memory view lands.
import type { ReactElement } from 'react';
import { EmptyState } from '../../components/EmptyState';

export function MemoryView(): ReactElement {
  return <EmptyState icon="memory" title="Coming soon" />;
}
