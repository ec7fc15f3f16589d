// The first-run setup loads as its own chunk when it is shown: most starts of the window (a provider set up) never need it.
import { lazy, Suspense, type ComponentProps, type ReactElement } from 'react';

const ProviderSetup = lazy(() => import('./ProviderSetup').then((m) => ({ default: m.ProviderSetup })));

/** ProviderSetup, fetched on its first showing (a few milliseconds: an empty, busy box meanwhile). */
export function LazyProviderSetup(props: ComponentProps<typeof ProviderSetup>): ReactElement {
  return (
    <Suspense fallback={<div aria-busy="true" />}>
      <ProviderSetup {...props} />
    </Suspense>
  );
}
