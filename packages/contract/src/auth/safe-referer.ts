import { WebRoute } from '../routes';
import { LOGIN_PATHS } from './login-paths';

/**
 * WHATWG URL, as both the browser and Node have it (the contract compiles without either's lib;
 * only what is read here is declared).
 */
declare const URL: new (input: string, base: string) => { origin: string; pathname: string; search: string; hash: string };

/** Control characters (C0, DEL, C1) and every kind of white space, which no path of ours has. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/**
 * Where to go after logging in – on the web page (SMS login) and on the server (the WeChat
 * callback's 302), the one function for every redirect after login. Only a path on this site is
 * followed, resolved against a fixed origin as the browser will resolve it, so a crafted link
 * (`//evil.example`, `/\evil.example`, `/%09/evil.example`) cannot send a fresh session to another
 * site; a referer with a control or white-space character is refused whole (browsers drop tabs and
 * line feeds inside URLs, and CR/LF would split a Location header). Anything else, and the login
 * pages themselves (a loop), lead home.
 */
export function safeReferer(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > 1000 || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return WebRoute.home;
  if (CONTROL_OR_SPACE.test(raw)) return WebRoute.home;
  const base = 'https://app.invalid';
  let url;
  try {
    url = new URL(raw, base);
  } catch {
    return WebRoute.home;
  }
  if (url.origin !== base || LOGIN_PATHS.includes(url.pathname)) return WebRoute.home;
  return url.pathname + url.search + url.hash;
}
