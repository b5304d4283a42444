import { describe, expect, it } from 'vitest';
import type { PassView } from '@sq/contract/pass/pass-view';
import { createStorage } from '../../../lib/storage';
import { clearLastPass, loginFingerprint, readLastPass, saveLastPass } from './pass-cache';

const view: PassView = {
  ptype: 1,
  revoked: false,
  pass: 1,
  owner: '业主',
  name: '陈明',
  communityInfo: { community: '望京花园西区' },
  uptime: 1,
  expire_time: '',
  backDay: null,
  poiId: 'DEMO000001',
  openId: 'o1',
  code: 'c1',
  codeExpires: 2,
  qr: 'http://x/xxdetail?code=c1',
  codeKey: null,
  serverTime: 1,
};

describe('offline pass copy', () => {
  it('gives the last pass back only to the same login, community and direction', () => {
    const store = createStorage(() => undefined);
    const who = loginFingerprint('token-a');
    saveLastPass({ who, poiId: 'DEMO000001', direction: 1, isManager: '0', savedAt: 5, view }, store);
    expect(readLastPass(who, 'DEMO000001', 1, store)?.view.name).toBe('陈明');
    expect(readLastPass(loginFingerprint('token-b'), 'DEMO000001', 1, store)).toBeNull();
    expect(readLastPass(who, 'DEMO000002', 1, store)).toBeNull();
    expect(readLastPass(who, 'DEMO000001', 2, store)).toBeNull();
    clearLastPass(store);
    expect(readLastPass(who, 'DEMO000001', 1, store)).toBeNull();
  });

  it('ignores a stored pass that is not a whole pass (another version, a hand edit)', () => {
    const store = createStorage(() => undefined);
    const who = loginFingerprint('token-a');
    const entry = { who, poiId: 'DEMO000001', direction: 1, isManager: '0' as const, savedAt: 5, view };
    saveLastPass({ ...entry, view: { ...view, code: 7 } as unknown as PassView }, store);
    expect(readLastPass(who, 'DEMO000001', 1, store)).toBeNull();
    saveLastPass({ ...entry, view: { ...view, communityInfo: null } as unknown as PassView }, store);
    expect(readLastPass(who, 'DEMO000001', 1, store)).toBeNull();
    saveLastPass({ ...entry, isManager: 'yes' as '0' }, store);
    expect(readLastPass(who, 'DEMO000001', 1, store)).toBeNull();
    saveLastPass({ ...entry, view: { ...view, backDay: 3 } }, store);
    expect(readLastPass(who, 'DEMO000001', 1, store)?.view.backDay).toBe(3);
  });

  it('does not keep the token itself', () => {
    expect(loginFingerprint('secret-token')).not.toContain('secret');
    expect(loginFingerprint('a')).not.toBe(loginFingerprint('b'));
  });
});
