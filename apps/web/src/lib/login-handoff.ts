import { loginAction } from './api-decisions';
// Not safe-referer.ts: this file is in every page's first load, the referer check only on /login.
import { isLoginPath } from '@sq/contract/auth/login-paths';
import { quickLoginUrl } from './login-referer';
import { currentHost, requestHostLogin } from './native-bridge';
import { clearLogin } from './session';

export { API_BASE } from './api-base';

type Navigate = (url: string) => void;
// Until the app's router is up (and in tests) the login page is reached by loading it.
let navigateTo: Navigate = (url) => window.location.replace(url);

/**
 * Lets the router take the user to /quickLogin inside the running app: loading the page again
 * would download and start the whole app a second time (on a gate's weak network, seconds).
 */
export function setLoginNavigation(navigate: Navigate): void {
  navigateTo = navigate;
}

/** Spec §8, codes 423/424: hand the user to whoever does logins here (shell, parent page or /quickLogin). */
export function handOffToLogin(): void {
  const { pathname, search } = window.location;
  const action = loginAction(currentHost());
  if (action !== 'native') clearLogin();
  if (action !== 'redirect') requestHostLogin(pathname + search);
  else if (!isLoginPath(pathname)) navigateTo(quickLoginUrl(pathname, search));
}
