// An inline message strip (error, warning, info) with optional actions.
import type { ReactElement, ReactNode } from 'react';
import { Icon } from './Icon';

interface BannerProps {
  tone: 'danger' | 'warn' | 'info';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Errors interrupt screen readers; info waits its turn. */
  live?: boolean;
}

export function Banner({ tone, title, children, actions, live = true }: BannerProps): ReactElement {
  return (
    <div className={`banner banner-${tone}`} role={live ? (tone === 'danger' ? 'alert' : 'status') : undefined}>
      <Icon name={tone === 'info' ? 'eye' : 'alert'} size={16} />
      <div className="banner-body">
        <div className="banner-title">{title}</div>
        {children && <div>{children}</div>}
      </div>
      {actions && <div className="banner-actions">{actions}</div>}
    </div>
  );
}
