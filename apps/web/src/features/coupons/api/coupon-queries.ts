import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CouponState } from '@sq/contract/coupons/coupon-rules';
import { getBatchCall, getMyCouponCall, listMyCouponsCall } from '@sq/contract/coupons/calls';
import { listMyShopsCall } from '@sq/contract/merchants/calls';
import { callApi } from '../../../lib/api-client';
import { isClientError } from '../../../lib/api-error';
import { keepCoupon, keptCoupon, type KeptCoupon } from '../lib/kept-coupons';

const nextOf = (last: { next: string | null }) => last.next ?? undefined;

export const couponKeys = {
  mine: (state: CouponState) => ['coupons', 'mine', state] as const,
  one: (id: string) => ['coupons', 'one', id] as const,
  batch: (id: string) => ['coupons', 'batch', id] as const,
  shops: ['merchants', 'mine'] as const,
};

/** /coupon: the caller's coupons in one state, page by page, with the counts of each. */
export function useMyCoupons(state: CouponState) {
  return useInfiniteQuery({
    queryKey: couponKeys.mine(state),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(listMyCouponsCall, { state, cursor: pageParam }, { signal }),
    getNextPageParam: nextOf,
  });
}

/** /coupon?id=: one coupon, kept on the phone so that it opens (and shows its code) with no network. */
export function useMyCoupon(id: string) {
  return useQuery({
    queryKey: couponKeys.one(id),
    retry: false,
    queryFn: async ({ signal }): Promise<KeptCoupon> => {
      try {
        const got = await callApi(getMyCouponCall, { id }, { signal, silent: true });
        const fresh = { ...got, receivedAt: Date.now() };
        void keepCoupon(fresh);
        return fresh;
      } catch (e) {
        const copy = isClientError(e) ? undefined : await keptCoupon(id);
        if (copy) return copy;
        throw e;
      }
    },
  });
}

export function useBatch(id: string) {
  return useQuery({ queryKey: couponKeys.batch(id), queryFn: ({ signal }) => callApi(getBatchCall, { id }, { signal, silent: true }), retry: false });
}

export function useMyShops() {
  return useQuery({ queryKey: couponKeys.shops, queryFn: ({ signal }) => callApi(listMyShopsCall, undefined, { signal, silent: true }), retry: false });
}
