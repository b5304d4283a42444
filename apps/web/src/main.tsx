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
import { currentHost, nativeElderMode, startIframeAutoResize } from './lib/native-bridge';
import { storage, StorageKey } from './lib/storage';
import { whileRestoringSession } from './lib/session';

// Lets CSS adapt to the host, e.g. [data-host='iframe'] drops viewport-tall layouts.
document.documentElement.dataset.host = currentHost();
// 长辈模式 on <html> before the first paint (lib/elder-mode.ts has the rules and the switch's side;
// this start stays here so the shell does not share a module with the pages' switch).
const askedElder = new URLSearchParams(window.location.search).get('elder');
if (askedElder === '1' || askedElder === '0') storage.set(StorageKey.elderMode, askedElder);
const chosenElder = storage.get(StorageKey.elderMode);
if (chosenElder ? chosenElder === '1' : nativeElderMode()) document.documentElement.dataset.elder = '1';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// Installable, and opening with no signal (docs/decisions/offline-gate.md, "Offline"): the service worker is
// registered after the page has loaded, off the first load's path; built apps only.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}

setLoginNavigation((url) => void router.navigate(url, { replace: true }));
startIframeAutoResize();
whileRestoringSession(restoreBrowserSession());
