import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPostCall, listPostsCall, markPostUsefulCall, pinPostCall } from '@sq/contract/board/calls';
import { callApi } from '../../../lib/api-client';
import { boardManageKey } from './keys';

/** The feed's first page: the posts pinned now (`pinned`) and the latest ones, to pin from. */
export function useFeedHead(poiId: string, enabled = true) {
  return useQuery({
    queryKey: [...boardManageKey(poiId), 'feed'],
    queryFn: ({ signal }) => callApi(listPostsCall, { poiId }, { signal, silent: true }),
    staleTime: 0,
    enabled: poiId !== '' && enabled,
  });
}

/** One post by id (置顶 opened from a post: /stickmanage?tab=pins&pin=<id>). */
export function usePost(id: string | null) {
  return useQuery({
    queryKey: ['board-manage', 'post', id],
    // getPost declares no query: its `id` only fills the path, which callApi does from the input.
    queryFn: ({ signal }) => callApi(getPostCall, { id } as never, { signal, silent: true }).then((d) => d.post),
    enabled: Boolean(id),
  });
}

/** 置顶 until the end of a Beijing day, or 取消置顶 with `until: null`. */
export function usePin(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, until }: { id: string; until: string | null }) => callApi(pinPostCall, { poiId, id, until }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardManageKey(poiId) }),
  });
}

/** 标为有用 (once): the post's author earns member points for it. */
export function useMarkUseful(poiId: string) {
  return useMutation({ mutationFn: (id: string) => callApi(markPostUsefulCall, { poiId, id }) });
}
