import { describe, expect, it } from 'vitest';
import { CouponMsg } from '@sq/contract/coupons/coupon-rules';
import { batchBody, emptyDraft, percentOfZhe } from './batch-form';

describe('the publish form', () => {
  it('turns yuan into fen without floats and Beijing days into the claim window', () => {
    const got = batchBody({ ...emptyDraft('2026-11-27'), title: ' 开业券 ', value: '0.29', threshold: '50', total: '3', claimTo: '2026-11-30' });
    expect(got).toEqual({
      body: expect.objectContaining({ title: '开业券', kind: 'cash', valueFen: 29, thresholdFen: 5000, payPercent: null, item: null, total: 3, perPerson: 1, validDays: 30, communities: [] }),
    });
    const body = 'body' in got ? got.body : null;
    // 2026-11-27 00:00 and 2026-12-01 00:00 in Beijing (UTC+8).
    expect(body?.claimStartsAt).toBe(Date.UTC(2026, 10, 26, 16) / 1000);
    expect(body?.claimEndsAt).toBe(Date.UTC(2026, 10, 30, 16) / 1000);
  });

  it('reads a discount in 折 and a gift item, and says what to correct', () => {
    expect(percentOfZhe('8.8')).toBe(88);
    expect(percentOfZhe('9')).toBe(90);
    expect(percentOfZhe('8.85')).toBeNull();
    const d = emptyDraft('2026-11-27');
    expect(batchBody({ ...d, title: 'x', kind: 'discount', discount: '8.8', total: '10' })).toMatchObject({ body: { payPercent: 88, valueFen: null } });
    expect(batchBody({ ...d, title: 'x', kind: 'gift', item: '一杯美式', total: '10' })).toMatchObject({ body: { item: '一杯美式' } });
    expect(batchBody({ ...d, title: 'x', value: '1.234', total: '1' })).toEqual({ error: CouponMsg.value });
    expect(batchBody({ ...d, title: '', value: '1' })).toEqual({ error: CouponMsg.title });
    expect(batchBody({ ...d, title: 'x', value: '5', total: '' })).toEqual({ error: CouponMsg.total });
    expect(batchBody({ ...d, title: 'x', value: '5', total: '3', claimTo: '2026-11-26' })).toEqual({ error: CouponMsg.window });
    // The communities chosen are sent as chosen; none means all the shop's approved ones.
    expect(batchBody({ ...d, title: 'x', value: '5', total: '3', communities: ['DEMO000002'] })).toMatchObject({ body: { communities: ['DEMO000002'] } });
  });
});
