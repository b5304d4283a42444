import { describe, expect, it } from 'vitest';
import { safeReferer } from '@sq/contract/auth/safe-referer';
import { quickLoginUrl } from './login-referer';

describe('quickLoginUrl', () => {
  it('carries the whole current address, encoded, as referer', () => {
    const url = quickLoginUrl('/pcheck', '?poiId=B0FFG&state=1');
    expect(url).toBe('/quickLogin?referer=%2Fpcheck%3FpoiId%3DB0FFG%26state%3D1');
    const back = new URL(url, 'https://sq.test').searchParams.get('referer');
    expect(safeReferer(back)).toBe('/pcheck?poiId=B0FFG&state=1');
  });
});
