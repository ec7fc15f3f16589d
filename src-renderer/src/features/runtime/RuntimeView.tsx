// Placeholder until the runtime view lands.
import type { ReactElement } from 'react';
import { EmptyState } from '../../components/EmptyState';

export function RuntimeView(): ReactElement {
  return <EmptyState icon="runtime" title="Coming soon" />;
}
