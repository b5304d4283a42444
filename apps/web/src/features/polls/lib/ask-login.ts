import { loginAction } from '../../../lib/api-decisions';
import { quickLoginUrl } from '../../../lib/login-referer';
import { currentHost, requestHostLogin } from '../../../lib/native-bridge';

/**
 * Sends someone who is not logged in to log in, the way the API client does on 423: the shell or
 * the embedding page handles it there; a plain browser goes to /quickLogin and comes back here.
 */
export function askLogin(): void {
  const { pathname, search } = window.location;
  if (loginAction(currentHost()) === 'redirect') window.location.assign(quickLoginUrl(pathname, search));
  else requestHostLogin(pathname + search);
}
