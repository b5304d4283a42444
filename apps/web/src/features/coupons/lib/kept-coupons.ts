import { createStore, get, set } from 'idb-keyval';
import type { MyCoupon } from '@sq/contract/coupons/coupons';

/** A coupon as last opened, with the server's and the phone's time then: shown (and its code made) with no network. */
export interface KeptCoupon {
  coupon: MyCoupon;
  serverTime: number;
  receivedAt: number;
}

const kept = createStore('sq-my-coupons', 'coupons');
export const keepCoupon = (c: KeptCoupon) => set(c.coupon.id, c, kept).catch(() => undefined);
export const keptCoupon = (id: string) => get<KeptCoupon>(id, kept).catch(() => undefined);
