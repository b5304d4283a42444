import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listMutesCall, mutePersonCall } from '@sq/contract/board/calls';
import { callApi } from '../../../lib/api-client';
import { boardManageKey } from './keys';

export function useMutes(poiId: string, enabled = true) {
  return useQuery({
    queryKey: [...boardManageKey(poiId), 'mutes'],
    queryFn: ({ signal }) => callApi(listMutesCall, { poiId }, { signal, silent: true }),
    staleTime: 0,
    enabled: poiId !== '' && enabled,
  });
}

export type MuteInput = { openId: string; days: 0 } | { openId: string; days: number; reason: string };

/** 禁言 for `days` with a reason the person reads, or 解除禁言 with `days: 0`. */
export function useMute(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: MuteInput) => callApi(mutePersonCall, { poiId, ...m }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardManageKey(poiId) }),
  });
}
