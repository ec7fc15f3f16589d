// A calm placeholder for views with nothing to show yet.
import type { ReactElement, ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export function EmptyState({ icon, title, children }: { icon: IconName; title: string; children?: ReactNode }): ReactElement {
  return (
    <div className="empty">
      <Icon name={icon} size={28} />
      <h2>{title}</h2>
      {children && <div>{children}</div>}
    </div>
  );
}
