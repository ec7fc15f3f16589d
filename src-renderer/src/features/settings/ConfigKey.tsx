// The config.json key behind a setting, shown small and secondary next to its plain-words label.
import type { ReactElement } from 'react';

export function ConfigKey({ name }: { name: string }): ReactElement {
  return (
    <code className="config-key" translate="no">
      {name}
    </code>
  );
}
