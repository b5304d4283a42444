import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { createCommentCall, deleteCommentCall, listCommentsCall, reportContentCall } from '@sq/contract/board/calls';
import type { EndpointBody } from '@sq/contract/endpoint';
import { callApi } from '../../../lib/api-client';
import { boardKeys, invalidateBoardLists } from './board-keys';

/** A post's comment threads, oldest first, page by page. */
export function useComments(postId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: boardKeys.comments(postId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(listCommentsCall, { id: postId, cursor: pageParam }, { signal, silent: true }),
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: enabled && postId !== '',
    retry: false,
  });
}

function useRefreshPost(postId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: boardKeys.comments(postId) });
    // The comment count on the post and in the lists.
    void queryClient.invalidateQueries({ queryKey: boardKeys.post(postId) });
    invalidateBoardLists(queryClient);
  };
}

export function useCreateComment(postId: string) {
  const refresh = useRefreshPost(postId);
  return useMutation({
    mutationFn: (body: { text: string; replyTo?: string }) => callApi(createCommentCall, { postId, ...body }),
    onSuccess: refresh,
  });
}

export function useDeleteComment(postId: string) {
  const refresh = useRefreshPost(postId);
  return useMutation({ mutationFn: (id: string) => callApi(deleteCommentCall, { id }), onSuccess: refresh });
}

/** 举报 a post or comment; counted once per person (the server says so the second time). */
export function useReport() {
  return useMutation({ mutationFn: (body: EndpointBody<typeof reportContentCall>) => callApi(reportContentCall, body) });
}
