import { describe, expect, it } from 'vitest';
import { createStorage, StorageKey } from '../../../lib/storage';
import { readVisit, saveVisit, type CachedVisit } from './visit-cache';

const data: CachedVisit['data'] = {
  visit: { community: '望京花园西区', poiId: 'DEMO000001', inviter: '陈*', name: '王小红', plate: '', start: 1, end: 2, entries: 1, entriesUsed: 0, status: 'open', needsDocument: false, lastScan: null },
  userCard: {
    ptype: 1,
  revoked: false,
    pass: 1,
    owner: '访客',
    name: '王小红',
    communityInfo: { community: '望京花园西区' },
    uptime: 1,
    expire_time: '2026-11-26',
    backDay: null,
    poiId: 'DEMO000001',
    openId: '',
    code: 'c',
    codeExpires: 2,
    qr: 'http://x/xxdetail?code=c',
    codeKey: { id: 'i', until: 3, kids: [1] },
    serverTime: 1,
  },
};

describe('the invited visitor’s offline copy', () => {
  it('gives the pass back only to the same link and direction, and ignores what is not a pass', () => {
    const store = createStorage(() => undefined);
    saveVisit('link-token-a', 1, 5, data, store);
    expect(readVisit('link-token-a', 1, store)?.data.visit.name).toBe('王小红');
    expect(readVisit('link-token-a', 2, store)).toBeNull();
    expect(readVisit('link-token-b', 1, store)).toBeNull();
    // The token itself is not kept.
    expect(store.get(StorageKey.visitPass)).not.toContain('link-token-a');
    store.set(StorageKey.visitPass, JSON.stringify({ who: 'x', direction: 1, savedAt: 1, data: { visit: {} } }));
    expect(readVisit('link-token-a', 1, store)).toBeNull();
  });
});
