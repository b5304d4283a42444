import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callOf } from '@sq/contract/endpoint';
import type { listOfferedBatches } from '@sq/contract/coupons/coupons';
import { getMyLevelCall } from '@sq/contract/levels/calls';
import { callApi } from '../../../lib/api-client';

// The coupons contract's call, declared here by type only (no schema in this bundle).
const listOfferedBatchesCall = callOf<typeof listOfferedBatches>('GET', '/v1/coupon-batches');

/** /lvip: the caller's points, level and awards, page by page. */
export function useMyLevel(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['levels', 'mine'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(getMyLevelCall, { cursor: pageParam }, { signal, silent: true }),
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
    retry: false,
  });
}

/**
 * /svip: the coupon batches offered in the community that only the top level may claim. Any
 * failure (not a member, the coupons service not there) hides the section: nothing is promised
 * that cannot be shown.
 */
export function useTopLevelBatches(poiId: string | null, minLevel: number) {
  return useQuery({
    queryKey: ['levels', 'top-batches', poiId],
    queryFn: async ({ signal }) => (await callApi(listOfferedBatchesCall, { poiId: poiId! }, { signal, silent: true })).batches.filter((b) => b.minLevel >= minLevel),
    enabled: Boolean(poiId),
    retry: false,
  });
}
