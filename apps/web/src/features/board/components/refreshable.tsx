import { lazy, Suspense, type ReactNode } from 'react';

// Fetched at once, but not part of /stick's first load: with its animation and gesture libraries
// it is ~30 KB gzip, a quarter of the budget; until it arrives the list simply shows.
const Pull = lazy(() => import('./pull-to-refresh'));

/** Pull down to read the list again. */
export function Refreshable({ onRefresh, children }: { onRefresh: () => Promise<void>; children: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <Pull onRefresh={onRefresh}>{children}</Pull>
    </Suspense>
  );
}
