import { describe, expect, it } from 'vitest';
import type { PassView } from '@sq/contract/pass/pass-view';
import { describePass, nextPollStep } from './pass-display';

const view = (over: Partial<PassView>): PassView => ({
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
  ...over,
});

describe('pass display', () => {
  it('shows a resident’s usable pass green, with QR, area and the greeting for the direction', () => {
    expect(describePass(view({}))).toMatchObject({ tone: 'normal', title: '通行证', greeting: '欢迎回家', showQr: true, showArea: true, validUntil: null });
    expect(describePass(view({ pass: 2 })).greeting).toBe('一路平安');
  });

  it('gives a visitor the temporary pass with its end date and no greeting', () => {
    expect(describePass(view({ owner: '访客', expire_time: '2025-03-11' }))).toMatchObject({
      tone: 'visitor',
      title: '访客临时通行证',
      greeting: null,
      validUntil: '2025-03-11',
      showQr: true,
    });
  });

  it('shows pending orange without a QR', () => {
    expect(describePass(view({ ptype: 0, code: '', qr: '' }))).toMatchObject({ tone: 'pending', status: '待审核', showQr: false, showArea: false });
  });

  it('shows expired grey without a QR and with the way to apply again', () => {
    expect(describePass(view({ ptype: -2, code: '', qr: '' }))).toMatchObject({ tone: 'expired', showQr: false, showReapply: true, showArea: false });
  });

  it('shows a recent return as a valid pass (QR, area, colour) with 今日返京 or the day count', () => {
    expect(describePass(view({ ptype: -3, backDay: 3 }))).toMatchObject({ tone: 'normal', status: '已返京3天', showQr: true, showArea: true });
    expect(describePass(view({ ptype: -3, backDay: 0 }))).toMatchObject({ tone: 'normal', status: '今日返京', showQr: true });
    expect(describePass(view({ ptype: -3, backDay: 0, owner: '访客' })).tone).toBe('visitor');
    expect(describePass(view({ ptype: -3, backDay: null })).status).toBe('已返京');
  });
});

describe('pass polling', () => {
  const info = { isUse: 0, pass: 1, usedAt: null, expired: false };
  it('keeps waiting until the code is used, sent back or runs out', () => {
    expect(nextPollStep(info)).toEqual({ kind: 'wait' });
    expect(nextPollStep({ ...info, isUse: 1, pass: 2, usedAt: 99 })).toEqual({ kind: 'scanned', pass: 2, at: 99 });
    expect(nextPollStep({ ...info, isUse: -1 })).toEqual({ kind: 'sentBack' });
    expect(nextPollStep({ ...info, expired: true })).toEqual({ kind: 'renew' });
  });
});
