// Placeholder until the settings view lands.
import type { ReactElement } from 'react';
import { EmptyState } from '../../components/EmptyState';

export function SettingsView(): ReactElement {
  return <EmptyState icon="settings" title="Coming soon" />;
}
