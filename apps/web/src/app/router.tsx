import { createBrowserRouter } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';
import { RouteLoading } from './routes/route-loading';

/**
 * Every screen is its own lazy chunk, so the first visit (often a QR code scanned at the gate)
 * downloads only the page it opens. Paths come from the contract: links in the wild use them.
 */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: RouteLoading,
    children: [
      { path: WebRoute.home, lazy: () => import('./routes/home') },
      { path: WebRoute.login, lazy: () => import('./routes/login') },
      { path: WebRoute.quickLogin, lazy: () => import('./routes/login') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);
