import { WebRoute } from '../routes';

/** The login pages: never a place to come back to after logging in (it would loop). */
export const LOGIN_PATHS: readonly string[] = [WebRoute.login, WebRoute.quickLogin];

export function isLoginPath(path: string): boolean {
  return LOGIN_PATHS.includes(path);
}
