// antd-mobile's theme variables, once for every page: pages import components from their own
// paths, which leave out the barrel and with it this stylesheet.
import 'antd-mobile/es/global';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { restoreBrowserSession } from './features/auth/api/restore-session';
import { setLoginNavigation } from './lib/login-handoff';
import { startElderMode } from './lib/elder-mode';
import { currentHost, startIframeAutoResize } from './lib/native-bridge';
import { whileRestoringSession } from './lib/session';

// Lets CSS adapt to the host, e.g. [data-host='iframe'] drops viewport-tall layouts.
document.documentElement.dataset.host = currentHost();
startElderMode(window.location.search);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

setLoginNavigation((url) => void router.navigate(url, { replace: true }));
startIframeAutoResize();
whileRestoringSession(restoreBrowserSession());
