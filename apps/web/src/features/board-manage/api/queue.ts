import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { listModerationQueueCall, moderateContentCall } from '@sq/contract/board/calls';
import { callApi } from '../../../lib/api-client';
import { boardManageKey } from './keys';

export type QueueStatus = 'pending' | 'removed';

/**
 * 待处理 (held and reported, the longest waiting first) or 已删除. The pending list's first page
 * also says how many wait in all, and its refusal is the page's "may I be here" answer.
 */
export function useModerationQueue(poiId: string, status: QueueStatus, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...boardManageKey(poiId), 'queue', status],
    queryFn: ({ pageParam, signal }) => callApi(listModerationQueueCall, { poiId, status, ...(pageParam ? { cursor: pageParam } : {}) }, { signal, silent: true }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
    enabled: poiId !== '' && enabled,
  });
}

export type Moderation = { target: 'post' | 'comment'; id: string } & ({ action: 'approve' } | { action: 'remove'; reason: string });

/** 通过 or 删除; the server's refusal is toasted by callApi. */
export function useModerate(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: Moderation) => callApi(moderateContentCall, { poiId, ...m }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardManageKey(poiId) }),
  });
}
