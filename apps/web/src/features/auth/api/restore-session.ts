import { getUserInfoCall } from '@sq/contract/community/user-info';
import { callApi } from '../../../lib/api-client';
import { currentHost } from '../../../lib/native-bridge';
import { saveLogin } from '../../../lib/session';
import { storage, StorageKey } from '../../../lib/storage';

/**
 * Spec §7: on start-up in a normal browser, `GET userInfo?ckdata=1` picks up a login made earlier
 * on this host (the server's login cookie) and keeps its token and mobile. Native shells and
 * iframes get their login from the host instead; a page that already holds a token skips it.
 */
export async function restoreBrowserSession(): Promise<void> {
  if (currentHost() !== 'browser' || storage.get(StorageKey.token)) return;
  try {
    const info = await callApi(getUserInfoCall, { ckdata: '1' }, { noLogin: true, silent: true, noLoginRedirect: true });
    saveLogin({ token: info.token, mobile: info.mobile });
  } catch {
    // Not logged in on this host: the page works as a guest until something needs a login.
  }
}
