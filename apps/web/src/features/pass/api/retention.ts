import { useQuery } from '@tanstack/react-query';
import { getRetentionCall } from '@sq/contract/manage/retention';
import { callApi } from '../../../lib/api-client';

/** How long this community keeps what the form collects (shown under it). */
export function useRetention(poiId: string) {
  return useQuery({
    queryKey: ['community', 'retention', poiId],
    queryFn: ({ signal }) => callApi(getRetentionCall, { poiId }, { signal, silent: true, noLogin: true }),
    enabled: poiId !== '',
    staleTime: 10 * 60_000,
  });
}
