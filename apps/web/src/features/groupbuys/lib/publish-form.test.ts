import { describe, expect, it } from 'vitest';
import { GroupBuyMsg } from '@sq/contract/groupbuys/group-buy-rules';
import { bpOfPercent, formOf, type PublishDraft } from './publish-form';

const draft = (over: Partial<PublishDraft> = {}): PublishDraft => ({
  title: '水蜜桃',
  intro: '',
  photos: [],
  items: [{ name: '水蜜桃', spec: '5斤', price: '39.9', stock: '50', photo: null }],
  perPersonLimit: '5',
  minOrders: '3',
  opensAt: '2026-11-28T08:00',
  closesAt: '2026-11-29T20:00',
  pickupPoint: '3号楼',
  pickupFrom: '2026-11-30T09:00',
  pickupUntil: '2026-11-30T18:00',
  commission: '10',
  ...over,
});

describe('the publish form', () => {
  it('turns yuan into fen, percent into basis points and Beijing times into seconds', () => {
    const got = formOf(draft());
    expect(got).toMatchObject({ form: { items: [{ priceFen: 3990, stock: 50 }], commissionBp: 1000, opensAt: Date.UTC(2026, 10, 28, 0, 0) / 1000 } });
  });

  it("says the contract's words for what is wrong", () => {
    expect(formOf(draft({ items: [{ name: '桃', spec: '', price: '3.999', stock: '1', photo: null }] }))).toEqual({ problem: GroupBuyMsg.price });
    expect(formOf(draft({ commission: '50.5' }))).toEqual({ problem: GroupBuyMsg.commission });
    expect(formOf(draft({ pickupFrom: '2026-11-29T10:00' }))).toEqual({ problem: GroupBuyMsg.pickupAfterClose });
    expect(formOf(draft({ closesAt: '2026-11-28T07:00' }))).toEqual({ problem: GroupBuyMsg.windowOrder });
  });

  it('reads percents of up to two decimals, 0 to 50', () => {
    expect([bpOfPercent('0'), bpOfPercent(''), bpOfPercent('12.5'), bpOfPercent('50'), bpOfPercent('51'), bpOfPercent('1.234')]).toEqual([0, 0, 1250, 5000, null, null]);
  });
});
