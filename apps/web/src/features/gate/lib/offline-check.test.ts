import { describe, expect, it } from 'vitest';
import { RESCAN_GRACE_MS, codeStepAt } from '@sq/contract/pass/code-steps';
import { MSG_KIT_EXPIRED, MSG_NEEDS_NETWORK } from '@sq/contract/pass/offline-kit';
import { passCodeAt } from '@sq/contract/pass/rotating-code';
import { newDeviceKeyPair, signedPassCodeAt } from '@sq/contract/pass/signed-code';
import { checkOffline, rememberSpent, type SpentCodes } from './offline-check';
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
const check = (code: string, at = now, spent: SpentCodes = new Map()) => checkOffline(kit, code, 1, at, spent).verdict;

describe('the scanner’s check with no signal', () => {
  it('lets in the phone’s own signed code, checked with the public key alone, once per window', () => {
    const spent: SpentCodes = new Map();
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

  it('answers the very code it let through, seen again (held in view), as the server does: green, a repeat not to count – online or offline before', () => {
    const code = signedPassCodeAt(phone, 1, codeStepAt(now));
    const spent: SpentCodes = new Map();
    expect(checkOffline(kit, code, 1, now, spent)).toMatchObject({ verdict: { kind: 'ok', name: '陈明' }, repeat: false });
    // Still in view 5 s later, and after its window (the server's isRepeat comes before the window too).
    expect(checkOffline(kit, code, 1, now + 5000, spent)).toMatchObject({ verdict: { kind: 'ok', name: '陈明', offline: true }, repeat: true });
    expect(checkOffline(kit, code, 1, now + 120_000, spent)).toMatchObject({ verdict: { kind: 'ok' }, repeat: true });
    // The next code of the same pass is a second entry in the window: refused, as before.
    expect(checkOffline(kit, signedPassCodeAt(phone, 1, codeStepAt(now) + 1), 1, now + 5000, spent)).toMatchObject({ verdict: { kind: 'no', message: '该通行码已使用，请让对方刷新通行证' }, repeat: false });
    // Past the grace the same code is spent, not a repeat.
    const late = now + RESCAN_GRACE_MS;
    expect(checkOffline({ ...kit, validUntil: late + 1000 }, code, 1, late, spent)).toMatchObject({ verdict: { kind: 'no' }, repeat: false });

    // Let through online a moment before the network went: offline says the same of it.
    const online: SpentCodes = new Map();
    rememberSpent(online, code, now);
    expect(checkOffline(kit, code, 1, now + 4500, online)).toMatchObject({ verdict: { kind: 'ok' }, repeat: true });
    expect(check(signedPassCodeAt(phone, 1, codeStepAt(now) + 1), now + 4500, online)).toMatchObject({ kind: 'no', message: '该通行码已使用，请让对方刷新通行证' });
  });

  it('does not take a forged code of a pass it let through for a repeat', () => {
    const code = signedPassCodeAt(phone, 1, codeStepAt(now));
    const spent: SpentCodes = new Map();
    rememberSpent(spent, code, now);
    const stranger = signedPassCodeAt({ ...phone, privateKey: newDeviceKeyPair().privateKey }, 1, codeStepAt(now));
    expect(checkOffline(kit, stranger, 1, now + 1000, spent)).toMatchObject({ verdict: { kind: 'no', message: '通行码无效' }, repeat: false });
  });
});
