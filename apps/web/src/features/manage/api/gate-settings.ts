import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getGateSettingsCall, saveGateSettingsCall } from '@sq/contract/pass/gate-settings';
import { callApi } from '../../../lib/api-client';

const key = (poiId: string) => ['manage', 'gate-settings', poiId] as const;

export function useGateSettings(poiId: string) {
  return useQuery({ queryKey: key(poiId), queryFn: ({ signal }) => callApi(getGateSettingsCall, { poiId }, { signal, silent: true }), enabled: poiId !== '' });
}

export function useSaveGateSettings(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reentryMinutes: number) => callApi(saveGateSettingsCall, { poiId, reentryMinutes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(poiId) }),
  });
}
