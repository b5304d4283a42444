import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { SignupStatus } from '@sq/contract/events/event-rules';
import { eventStatsCall, listEventProposalsCall, listSignupsCall } from '@sq/contract/events/calls';
import { callApi } from '../../../lib/api-client';
import { eventKeys } from './event-keys';

const quiet = (signal: AbortSignal) => ({ signal, silent: true });

/** 活动管理 → 待审核: residents' proposals, oldest first. */
export function useProposals(poiId: string, enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.proposals(poiId),
    queryFn: ({ signal }) => callApi(listEventProposalsCall, { poiId }, quiet(signal)).then((d) => d.events),
    enabled: enabled && poiId !== '',
    retry: false,
  });
}

/** One event's sign-ups with attendance and the waiting list, page by page. */
export function useSignups(id: string, status: SignupStatus | null) {
  return useInfiniteQuery({
    queryKey: [...eventKeys.signups(id), status],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(listSignupsCall, { id, status: status ?? undefined, cursor: pageParam }, quiet(signal)),
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: id !== '',
    retry: false,
  });
}

/** The dashboard's counts: per kind and per event of the last 90 days. */
export function useEventStats(poiId: string) {
  return useQuery({
    queryKey: eventKeys.stats(poiId),
    queryFn: ({ signal }) => callApi(eventStatsCall, { poiId }, quiet(signal)),
    enabled: poiId !== '',
    retry: false,
  });
}
