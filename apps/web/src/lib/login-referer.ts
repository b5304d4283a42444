import { WebRoute } from '@sq/contract/routes';

/** The quick-login address that comes back to `path + search` afterwards (spec §4 Login). */
export function quickLoginUrl(path: string, search: string): string {
  return `${WebRoute.quickLogin}?referer=${encodeURIComponent(path + search)}`;
}
