import { useQuery } from '@tanstack/react-query';
import { eventStatsCall } from '@sq/contract/events/calls';
import { callApi } from '../../../lib/api-client';

/** 统计概览's 社区活动 counts (GET /v1/manage/events/stats): per kind and per event, the last 90 days. */
export function useEventStats(poiId: string) {
  return useQuery({
    queryKey: ['manage', 'event-stats', poiId],
    queryFn: ({ signal }) => callApi(eventStatsCall, { poiId }, { signal, silent: true }),
    enabled: poiId !== '',
    retry: false,
  });
}
