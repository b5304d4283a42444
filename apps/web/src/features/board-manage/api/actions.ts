import { useInfiniteQuery } from '@tanstack/react-query';
import { listModerationActionsCall } from '@sq/contract/board/calls';
import { callApi } from '../../../lib/api-client';
import { boardManageKey } from './keys';

/** 操作记录: every staff action on the board, newest first. */
export function useModerationActions(poiId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...boardManageKey(poiId), 'actions'],
    queryFn: ({ pageParam, signal }) => callApi(listModerationActionsCall, { poiId, ...(pageParam ? { cursor: pageParam } : {}) }, { signal, silent: true }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
    enabled: poiId !== '' && enabled,
  });
}
