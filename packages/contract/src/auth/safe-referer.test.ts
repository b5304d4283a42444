import { describe, expect, it } from 'vitest';
import { isLoginPath } from './login-paths';
import { safeReferer } from './safe-referer';

describe('safeReferer', () => {
  it('follows a path on this site, keeping its query and hash', () => {
    expect(safeReferer('/pcheck?poiId=B0FFG&state=1')).toBe('/pcheck?poiId=B0FFG&state=1');
    expect(safeReferer('/sqmsg?id=1#top')).toBe('/sqmsg?id=1#top');
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['absolute URL', 'https://evil.example/x'],
    ['protocol-relative', '//evil.example/x'],
    ['backslash trick', '/\\evil.example/x'],
    ['tab smuggled into the slashes', '/\t/evil.example/x'],
    ['newline smuggled into the slashes', '/\n/evil.example/x'],
    ['javascript URL', 'javascript:alert(1)'],
    ['relative without slash', 'pcheck?poiId=1'],
    ['tab after the first slash, as sent in a link', decodeURIComponent('%2F%09%2Fevil.example')],
    ['CR/LF (a header split)', '/pcheck\r\nSet-Cookie: x=1'],
    ['an ideographic space', '/pcheck\u3000'],
    ['not a string', 42],
  ])('sends a %s referer home', (_name, raw) => {
    expect(safeReferer(raw)).toBe('/');
  });

  it('does not come back to a login page, which would loop', () => {
    expect(safeReferer('/quickLogin?referer=%2F')).toBe('/');
    expect(safeReferer('/login')).toBe('/');
  });
});

describe('isLoginPath', () => {
  it('recognises both login paths', () => {
    expect(isLoginPath('/quickLogin')).toBe(true);
    expect(isLoginPath('/login')).toBe(true);
    expect(isLoginPath('/pcheck')).toBe(false);
  });
});
