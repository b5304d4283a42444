import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointBody } from '@sq/contract/endpoint';
import { createInfoCall, type createInfo } from '@sq/contract/info/create-info';
import { INFO_PAGE_SIZE } from '@sq/contract/info/info-entry';
import { listInfosCall } from '@sq/contract/info/list-infos';
import { listMineCall } from '@sq/contract/info/list-mine';
import { listPendingCall } from '@sq/contract/info/list-pending';
import { listTypesCall } from '@sq/contract/info/list-types';
import { reportInfoCall, type reportInfo } from '@sq/contract/info/report-info';
import { reviewStatusCall } from '@sq/contract/info/review-status';
import { reviewSubmissionCall } from '@sq/contract/info/review-submission';
import { callApi } from '../../../lib/api-client';

/** Which list: a community's (社区 tab) or a street's (街道 tab, /jdlist). */
export type InfoScope = { poiId: string } | { streetId: string };

export const infosQuery = (scope: InfoScope) =>
  infiniteQueryOptions({
    queryKey: ['infos', scope],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => callApi(listInfosCall, { ...scope, page: pageParam }, { signal }),
    // Spec §7: an empty page is the end; a short page is the end too, which saves one request.
    getNextPageParam: (last) => (last.infos.length < INFO_PAGE_SIZE ? undefined : last.page + 1),
  });

export const infoTypesQuery = () =>
  queryOptions({
    queryKey: ['infoTypes'],
    queryFn: ({ signal }) => callApi(listTypesCall, {}, { signal }).then((d) => d[1]),
    staleTime: Infinity,
  });

export const reviewStatusQuery = (scope: InfoScope, token: string | null) =>
  queryOptions({
    queryKey: ['infoReviewStatus', scope, token],
    queryFn: ({ signal }) => callApi(reviewStatusCall, scope, { signal, silent: true, noLoginRedirect: true }),
    enabled: Boolean(token),
  });

export const pendingQuery = (scope: InfoScope) =>
  queryOptions({
    queryKey: ['infoPending', scope],
    queryFn: ({ signal }) => callApi(listPendingCall, scope, { signal }).then((d) => d.submissions),
  });

export const mineQuery = (poiId: string) =>
  queryOptions({
    queryKey: ['infoMine', poiId],
    queryFn: ({ signal }) => callApi(listMineCall, { poiId }, { signal }).then((d) => d.submissions),
  });

export function useSubmitInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: 'create'; body: EndpointBody<typeof createInfo> } | { kind: 'report'; body: EndpointBody<typeof reportInfo> }) =>
      input.kind === 'create' ? callApi(createInfoCall, input.body) : callApi(reportInfoCall, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['infoMine'] }),
  });
}

export function useReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; status: 1 | -1 }) => callApi(reviewSubmissionCall, input),
    onSettled: () =>
      Promise.all(['infoPending', 'infos', 'infoReviewStatus', 'infoMine'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}
