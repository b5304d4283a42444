import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createRedbagCampaignCall, getRedbagCall, getRedbagShareCall, listRedbagsCall, listShopRedbagCampaignsCall, openRedbagCall, startRedbagCall } from '@sq/contract/redbags/calls';
import type { RedbagForm } from '@sq/contract/redbags/redbags';
import { callApi } from '../../../lib/api-client';

// Silent: the pages say in place why something cannot be shown or opened (红包已被领完, not a member).
const quiet = (signal: AbortSignal) => ({ signal, silent: true });
const key = ['redbags'] as const;

/** /redbag: the campaigns offered in the community and the caller's packets. */
export function useRedbags(poiId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'list', poiId],
    queryFn: ({ signal }) => callApi(listRedbagsCall, { poiId: poiId! }, quiet(signal)),
    enabled: Boolean(poiId) && enabled,
    retry: false,
  });
}

/** /redbag?id=: a shared packet as an opener sees it. */
export function useRedbag(id: string, poiId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'one', id, poiId],
    queryFn: ({ signal }) => callApi(getRedbagCall, { id, poiId: poiId! }, quiet(signal)),
    enabled: Boolean(poiId) && enabled,
    retry: false,
  });
}

/** /redbag/share?id=: who opened the caller's packet. */
export function useRedbagShare(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'share', id],
    queryFn: ({ signal }) => callApi(getRedbagShareCall, { id }, quiet(signal)),
    enabled,
    retry: false,
  });
}

export function useStartRedbag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { campaignId: string; poiId: string }) => callApi(startRedbagCall, v, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useOpenRedbag(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (poiId: string) => callApi(openRedbagCall, { id, poiId }, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** /redbagmanage?shop=: the shop's campaigns and the communities they may serve (owner). */
export function useShopRedbags(shop: string, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'shop', shop],
    queryFn: ({ signal }) => callApi(listShopRedbagCampaignsCall, { id: shop }, quiet(signal)),
    enabled: shop !== '' && enabled,
    retry: false,
  });
}

export function useCreateRedbagCampaign(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: RedbagForm) => callApi(createRedbagCampaignCall, { id: shop, ...form }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...key, 'shop', shop] }),
  });
}
