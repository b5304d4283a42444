import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOf } from '@sq/contract/endpoint';
import type { listOfferedBatches } from '@sq/contract/coupons/coupons';
import {
  addClerkCall,
  applyMerchantCall,
  editMerchantCall,
  getMyShopCall,
  getShopCall,
  listMerchantReviewLogCall,
  listMerchantReviewsCall,
  listMyShopsCall,
  listShopsCall,
  removeClerkCall,
  reviewMerchantCall,
  suspendMerchantCall,
} from '@sq/contract/merchants/calls';
import { callApi } from '../../../lib/api-client';
import type { ApiInput } from '../../../lib/api-request';

// coupons.ts holds its schema (zod): only its type, so the shop pages carry none.
const listOfferedBatchesCall = callOf<typeof listOfferedBatches>('GET', '/v1/coupon-batches');

const quiet = (signal: AbortSignal) => ({ signal, silent: true });
export const merchantKeys = {
  mine: ['merchants', 'mine'] as const,
  shop: (id: string) => ['merchants', 'manage', id] as const,
  reviews: (status: string) => ['merchants', 'reviews', status] as const,
  log: ['merchants', 'reviews', 'log'] as const,
  list: (poiId: string | null, category: string | null) => ['merchants', 'list', poiId, category] as const,
  page: (id: string, poiId: string | null) => ['merchants', 'page', id, poiId] as const,
};

export const useMyShops = () => useQuery({ queryKey: merchantKeys.mine, queryFn: ({ signal }) => callApi(listMyShopsCall, undefined, quiet(signal)), retry: false });

export const useMyShop = (id: string | null) =>
  useQuery({ queryKey: merchantKeys.shop(id ?? ''), queryFn: ({ signal }) => callApi(getMyShopCall, { id: id! }, quiet(signal)), enabled: Boolean(id), retry: false });

/** The review queue; a 403 (not a reviewer) means the tab is not shown. */
export const useReviewQueue = (enabled: boolean, status: 'pending' | 'all') =>
  useQuery({ queryKey: merchantKeys.reviews(status), queryFn: ({ signal }) => callApi(listMerchantReviewsCall, { status }, quiet(signal)), enabled, retry: false });

export const useReviewLog = (enabled: boolean) =>
  useQuery({ queryKey: merchantKeys.log, queryFn: ({ signal }) => callApi(listMerchantReviewLogCall, undefined, quiet(signal)), enabled, retry: false });

export const useShops = (poiId: string | null, category: string | null) =>
  useQuery({
    queryKey: merchantKeys.list(poiId, category),
    queryFn: ({ signal }) => callApi(listShopsCall, { poiId: poiId!, ...(category ? { category } : {}) }, quiet(signal)),
    enabled: Boolean(poiId),
    retry: false,
  });

export const useShop = (id: string, poiId: string | null) =>
  useQuery({ queryKey: merchantKeys.page(id, poiId), queryFn: ({ signal }) => callApi(getShopCall, { id, poiId: poiId! }, quiet(signal)), enabled: Boolean(poiId) && Boolean(id), retry: false });

/** The shop's coupon batches offered in the community; its section shows only when this answers. */
export const useShopBatches = (merchantId: string, poiId: string | null) =>
  useQuery({
    queryKey: ['merchants', 'batches', merchantId, poiId],
    queryFn: ({ signal }) => callApi(listOfferedBatchesCall, { poiId: poiId!, merchantId }, quiet(signal)),
    enabled: Boolean(poiId),
    retry: false,
  });

/** Every write of the shop centre and the review tab, refreshing what they change. */
export function useMerchantActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['merchants'] });
  const done = { onSuccess: refresh };
  return {
    apply: useMutation({ mutationFn: (body: ApiInput<typeof applyMerchantCall>) => callApi(applyMerchantCall, body), ...done }),
    edit: useMutation({ mutationFn: (body: ApiInput<typeof editMerchantCall>) => callApi(editMerchantCall, body), ...done }),
    addClerk: useMutation({ mutationFn: (v: { id: string; mobile: string }) => callApi(addClerkCall, v), ...done }),
    removeClerk: useMutation({ mutationFn: (v: { id: string; userId: string }) => callApi(removeClerkCall, v), ...done }),
    review: useMutation({ mutationFn: (v: { id: string; poiId?: string; decision: 'approve' | 'return'; reason?: string }) => callApi(reviewMerchantCall, v), ...done }),
    suspend: useMutation({ mutationFn: (v: { id: string; suspend: boolean; reason?: string }) => callApi(suspendMerchantCall, v), ...done }),
  };
}
