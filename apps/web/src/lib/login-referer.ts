import { WebRoute } from '@sq/contract/routes';

const LOGIN_PATHS: readonly string[] = [WebRoute.login, WebRoute.quickLogin];

/**
 * Where to go after logging in. Only a path on this site is followed, so a crafted link
 * (`?referer=//evil.example`, `/\evil.example`) cannot send a fresh session to another site;
 * anything else, and the login pages themselves, lead home.
 */
export function safeReferer(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return WebRoute.home;
  const base = 'https://app.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return WebRoute.home;
  }
  // The URL parser drops tabs and newlines and reads backslashes as slashes, exactly as the
  // browser will when navigating, so this catches `/\t/evil.example` and friends.
  if (url.origin !== base || LOGIN_PATHS.includes(url.pathname)) return WebRoute.home;
  return url.pathname + url.search + url.hash;
}

/** The quick-login address that comes back to `path + search` afterwards (spec §4 Login). */
export function quickLoginUrl(path: string, search: string): string {
  return `${WebRoute.quickLogin}?referer=${encodeURIComponent(path + search)}`;
}

export function isLoginPath(path: string): boolean {
  return LOGIN_PATHS.includes(path);
}
