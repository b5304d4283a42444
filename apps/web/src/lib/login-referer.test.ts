import { describe, expect, it } from 'vitest';
import { isLoginPath, quickLoginUrl, safeReferer } from './login-referer';

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
  ])('sends a %s referer home', (_name, raw) => {
    expect(safeReferer(raw)).toBe('/');
  });

  it('does not come back to a login page, which would loop', () => {
    expect(safeReferer('/quickLogin?referer=%2F')).toBe('/');
    expect(safeReferer('/login')).toBe('/');
  });
});

describe('quickLoginUrl', () => {
  it('carries the whole current address, encoded, as referer', () => {
    const url = quickLoginUrl('/pcheck', '?poiId=B0FFG&state=1');
    expect(url).toBe('/quickLogin?referer=%2Fpcheck%3FpoiId%3DB0FFG%26state%3D1');
    const back = new URL(url, 'https://sq.test').searchParams.get('referer');
    expect(safeReferer(back)).toBe('/pcheck?poiId=B0FFG&state=1');
  });

  it('recognises both login paths', () => {
    expect(isLoginPath('/quickLogin')).toBe(true);
    expect(isLoginPath('/login')).toBe(true);
    expect(isLoginPath('/pcheck')).toBe(false);
  });
});
