import { describe, expect, it } from 'vitest';
import { holderCodeAt, newHolderKeyPair } from '@sq/contract/codes/holder-code';
import { PickupMsg } from '@sq/contract/pickup/pickup';
import { checkOrderOffline, kitAfterPickup, MSG_NOT_IN_PICKUP_KIT, MSG_PICKUP_KIT_EXPIRED, type StoredPickupKit } from './pickup-offline';

const NOW = Date.UTC(2026, 10, 27, 4, 0, 0);
const ORDER = '6f9619ff-8b86-4011-b42d-00c04fc964ff';
const OTHER = '0e984725-c51c-4bf4-9960-e1c80e27aba0';
const ITEM = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const pair = newHolderKeyPair();
const key = { kid: 3, privateKey: pair.privateKey };

function kit(over: Partial<StoredPickupKit> = {}): StoredPickupKit {
  return {
    sellerId: 's',
    name: '3号楼王姐',
    // The phone's clock runs 5 minutes behind the server's: the kit's offset corrects it.
    serverTime: NOW,
    receivedAt: NOW - 300_000,
    validUntil: NOW + 86_400_000,
    orders: [
      {
        orderId: ORDER,
        orderNo: 'T1',
        groupBuyTitle: '今日鲜果团',
        pickupPoint: '3号楼',
        buyer: { name: '王阿姨', mobile: '138****0004' },
        totalFen: 2500,
        refundedFen: 0,
        status: 'paid',
        refundOpen: false,
        lines: [{ itemId: ITEM, name: '脐橙', priceFen: 1250, qty: 2, collected: 0, refunded: 0 }],
        keys: [{ kid: 3, publicKey: pair.publicKey }],
      },
    ],
    ...over,
  };
}
const phoneNow = NOW - 300_000;

describe('a pickup code checked with no network', () => {
  it('is green with the order (no keys in the verdict); after a handover of every unit the kit says it is done', () => {
    const code = holderCodeAt(key, 'order', ORDER, NOW).code;
    const first = checkOrderOffline(kit(), code, phoneNow);
    expect(first.at).toBe(NOW);
    expect(first.verdict).toMatchObject({ kind: 'ok', offline: true, order: { orderId: ORDER, buyer: { mobile: '138****0004' } } });
    expect(JSON.stringify(first.verdict)).not.toContain(pair.publicKey);
    const half = kitAfterPickup(kit(), ORDER, [{ itemId: ITEM, collected: 1 }]);
    expect(checkOrderOffline(half, code, phoneNow).verdict).toMatchObject({ kind: 'ok', order: { lines: [{ collected: 1 }] } });
    const all = kitAfterPickup(half, ORDER, [{ itemId: ITEM, collected: 2 }]);
    expect(checkOrderOffline(all, code, phoneNow).verdict).toEqual({ kind: 'no', message: PickupMsg.done, offline: true });
  });

  it('refuses a coupon code, an order not on the list, a forged or stale code, and any code once the kit is past its validity', () => {
    expect(checkOrderOffline(kit(), holderCodeAt(key, 'coupon', ORDER, NOW).code, phoneNow).verdict).toMatchObject({ message: PickupMsg.notOrder });
    expect(checkOrderOffline(kit(), holderCodeAt(key, 'order', OTHER, NOW).code, phoneNow).verdict).toMatchObject({ message: MSG_NOT_IN_PICKUP_KIT });
    const forged = holderCodeAt({ kid: 3, privateKey: newHolderKeyPair().privateKey }, 'order', ORDER, NOW).code;
    expect(checkOrderOffline(kit(), forged, phoneNow).verdict).toMatchObject({ message: PickupMsg.badCode });
    expect(checkOrderOffline(kit(), holderCodeAt(key, 'order', ORDER, NOW - 120_000).code, phoneNow).verdict).toMatchObject({ message: PickupMsg.staleCode });
    expect(checkOrderOffline(kit({ validUntil: NOW - 1 }), holderCodeAt(key, 'order', ORDER, NOW).code, phoneNow).verdict).toMatchObject({ message: MSG_PICKUP_KIT_EXPIRED });
  });
});
