import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { StorageKey } from '../../lib/storage';
import { useStoredValue } from '../../lib/use-stored-value';

// Only after a login, and in its own chunk: no other visit pays for it.
const PendingNotice = lazy(() => import('../../features/pass/components/pending-notice').then((m) => ({ default: m.PendingNotice })));

/** Shell around every screen; a new page starts at the top, a back navigation where it was. */
export function RootLayout() {
  const checkNotice = useStoredValue(StorageKey.noticeCheck) === '1';
  const { pathname } = useLocation();
  // The pass page asks for itself (its answer carries `notice`); the login page is not yet "after".
  const here = pathname !== WebRoute.pass && pathname !== WebRoute.login && pathname !== WebRoute.quickLogin;
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      {checkNotice && here && (
        <Suspense fallback={null}>
          <PendingNotice />
        </Suspense>
      )}
    </>
  );
}
