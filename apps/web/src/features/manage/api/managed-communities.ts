import { useQuery } from '@tanstack/react-query';
import { getManagedCommunitiesCall } from '@sq/contract/manage/get-managed-communities';
import { callApi } from '../../../lib/api-client';

/** 小区列表 (POST /v1/mobile/community/manage); 424 sends the user to log in (spec §8). */
export function useManagedCommunities() {
  return useQuery({
    queryKey: ['manage', 'communities'],
    queryFn: ({ signal }) => callApi(getManagedCommunitiesCall, {}, { signal, silent: true }),
    // Counts move with every scan at the gate: reopening the list shows today's numbers.
    staleTime: 0,
  });
}
