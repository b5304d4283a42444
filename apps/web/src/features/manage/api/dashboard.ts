import { useQuery } from '@tanstack/react-query';
import { getDashboardCall } from '@sq/contract/dashboard/get-dashboard';
import { callApi } from '../../../lib/api-client';

/** 统计概览: one community's (poiId) or all of an administrator's (poiId empty). */
export function useDashboard(poiId: string) {
  return useQuery({
    queryKey: ['manage', 'dashboard', poiId],
    queryFn: ({ signal }) => callApi(getDashboardCall, poiId ? { poiId } : {}, { signal, silent: true }),
    // The gate keeps counting: a manager who leaves the page open sees it move.
    refetchInterval: 60_000,
    staleTime: 0,
  });
}
