import { callOf } from '../endpoint';
import type { claimCoupon, getBatch, getMyCoupon, listMyCoupons, listOfferedBatches, listShopBatches, publishBatch, stopBatch } from './coupons';
import type { getCounterKit, getShopStats, listRedemptions, redeemCoupon, sendOfflineRedemptions } from './counter';

/** 优惠券's calls, free of zod (see polls/calls.ts for why): the coupon pages' and the counter's first load carries none. */
export const getBatchCall = callOf<typeof getBatch>('GET', '/v1/coupon-batches/:id');
export const listOfferedBatchesCall = callOf<typeof listOfferedBatches>('GET', '/v1/coupon-batches');
export const claimCouponCall = callOf<typeof claimCoupon>('POST', '/v1/coupon-batches/:id/claim');
export const listMyCouponsCall = callOf<typeof listMyCoupons>('GET', '/v1/coupons/mine');
export const getMyCouponCall = callOf<typeof getMyCoupon>('GET', '/v1/coupons/:id');
export const publishBatchCall = callOf<typeof publishBatch>('POST', '/v1/merchants/:id/coupon-batches');
export const listShopBatchesCall = callOf<typeof listShopBatches>('GET', '/v1/merchants/:id/coupon-batches');
export const stopBatchCall = callOf<typeof stopBatch>('POST', '/v1/merchants/:id/coupon-batches/:batchId/stop');
export const redeemCouponCall = callOf<typeof redeemCoupon>('POST', '/v1/merchants/:id/redeem');
export const getCounterKitCall = callOf<typeof getCounterKit>('GET', '/v1/merchants/:id/counter-kit');
export const sendOfflineRedemptionsCall = callOf<typeof sendOfflineRedemptions>('POST', '/v1/merchants/:id/redemptions');
export const listRedemptionsCall = callOf<typeof listRedemptions>('GET', '/v1/merchants/:id/redemptions');
export const getShopStatsCall = callOf<typeof getShopStats>('GET', '/v1/merchants/:id/coupon-stats');
