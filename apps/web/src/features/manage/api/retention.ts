import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRetentionCall, saveRetentionCall, type Retention } from '@sq/contract/manage/retention';
import { callApi } from '../../../lib/api-client';

const key = (poiId: string) => ['community', 'retention', poiId] as const;

export function useRetentionSettings(poiId: string) {
  return useQuery({ queryKey: key(poiId), queryFn: ({ signal }) => callApi(getRetentionCall, { poiId }, { signal, silent: true }), enabled: poiId !== '' });
}

export function useSaveRetention(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (r: Retention) => callApi(saveRetentionCall, { poiId, ...r }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(poiId) }),
  });
}
