import { describe, expect, it } from 'vitest';
import { codeStepAt } from '@sq/contract/pass/code-steps';
import { MSG_KIT_EXPIRED, MSG_NEEDS_NETWORK } from '@sq/contract/pass/offline-kit';
import { passCodeAt } from '@sq/contract/pass/rotating-code';
import { newDeviceKeyPair, signedPassCodeAt } from '@sq/contract/pass/signed-code';
import { checkOffline } from './offline-check';
import type { StoredKit } from './offline-store';

const now = Date.UTC(2026, 10, 27, 1, 0, 0);
const pair = newDeviceKeyPair();
const phone = { id: 'AAAAAAAAAAAAAAAAAAAAAA', kid: 1, privateKey: pair.privateKey };
const kit: StoredKit = {
  poiId: 'P1',
  community: '测试小区',
  serverTime: now,
  receivedAt: now,
  version: 'v',
  kitId: '00000000-0000-4000-8000-000000000001',
  validUntil: now + 3_600_000,
  passes: [{ id: phone.id, keys: [{ kid: 1, publicKey: pair.publicKey }], name: '陈明', owner: '业主', until: null }],
  ended: [{ id: 'BBBBBBBBBBBBBBBBBBBBBB', name: '王退回', why: 'returned' }],
};
const check = (code: string, at = now, spent = new Map<string, number>()) => checkOffline(kit, code, 1, at, spent).verdict;

describe('the scanner’s check with no signal', () => {
  it('lets in the phone’s own signed code, checked with the public key alone, once per window', () => {
    const spent = new Map<string, number>();
    const code = signedPassCodeAt(phone, 1, codeStepAt(now));
    expect(check(code, now, spent)).toMatchObject({ kind: 'ok', name: '陈明', offline: true });
    expect(check(signedPassCodeAt(phone, 1, codeStepAt(now) + 1), now, spent)).toMatchObject({ kind: 'no', message: '该通行码已使用，请让对方刷新通行证' });
  });

  it('refuses what a scanner (or anyone) could make: a code signed by another key, a server-style code', () => {
    const stranger = { ...phone, privateKey: newDeviceKeyPair().privateKey };
    expect(check(signedPassCodeAt(stranger, 1, codeStepAt(now)))).toMatchObject({ kind: 'no', message: '通行码无效' });
    expect(check(signedPassCodeAt({ ...phone, kid: 2 }, 1, codeStepAt(now)))).toMatchObject({ kind: 'no', message: '通行码无效' });
    // A code of the server's own kind cannot be checked offline (nothing in the kit checks it): said so.
    expect(check(passCodeAt({ id: phone.id, v: 1, secret: '11'.repeat(32) }, 1, codeStepAt(now)))).toMatchObject({ kind: 'no', message: MSG_NEEDS_NETWORK });
  });

  it('refuses an ended pass, a code out of its window, and checks nothing with a kit past its validity', () => {
    expect(check(signedPassCodeAt({ ...phone, id: 'BBBBBBBBBBBBBBBBBBBBBB' }, 1, codeStepAt(now)))).toMatchObject({ kind: 'no', message: '该通行证已被退回或撤销' });
    expect(check(signedPassCodeAt(phone, 1, codeStepAt(now) - 3))).toMatchObject({ kind: 'no', message: '该通行码已过期，请让对方刷新通行证' });
    const later = kit.validUntil + 1000;
    expect(check(signedPassCodeAt(phone, 1, codeStepAt(later)), later)).toMatchObject({ kind: 'no', message: MSG_KIT_EXPIRED });
  });
});
