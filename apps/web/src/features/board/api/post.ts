import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EndpointData } from '@sq/contract/endpoint';
import { deletePostCall, getPostCall, likePostCall, markSoldCall } from '@sq/contract/board/calls';
import { callApi } from '../../../lib/api-client';
import { boardKeys, invalidateBoardLists } from './board-keys';

export type PostDetail = EndpointData<typeof getPostCall>['post'];

export const postQueryOptions = (id: string) => ({
  queryKey: boardKeys.post(id),
  // Silent: the page shows why in place of the post (deleted, not joined).
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(getPostCall, { id }, { signal, silent: true }),
  staleTime: 5_000,
  retry: false,
});

/** /stickdetail: one post. */
export const usePost = (id: string) => useQuery({ ...postQueryOptions(id), enabled: id !== '' });

/** /detailRefresh: the post read again from the server, whatever the cache holds. */
export const refetchPost = (queryClient: QueryClient, id: string) => queryClient.fetchQuery({ ...postQueryOptions(id), staleTime: 0 });

function patchPost(queryClient: QueryClient, id: string, patch: (post: PostDetail) => PostDetail): void {
  queryClient.setQueryData<EndpointData<typeof getPostCall>>(boardKeys.post(id), (old) => (old ? { post: patch(old.post) } : old));
}

/**
 * 点赞: shown at once, put back as it was if the server says no (a reader who cannot write, a lost
 * signal); the server's count wins when it answers.
 */
export function useLikePost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) => callApi(likePostCall, { id, liked }),
    onMutate: async (liked) => {
      await queryClient.cancelQueries({ queryKey: boardKeys.post(id) });
      const before = queryClient.getQueryData<EndpointData<typeof getPostCall>>(boardKeys.post(id));
      patchPost(queryClient, id, (p) => ({ ...p, liked, likes: Math.max(0, p.likes + (liked ? 1 : -1)) }));
      return { before };
    },
    onError: (_error, _liked, context) => {
      if (context?.before) queryClient.setQueryData(boardKeys.post(id), context.before);
    },
    onSuccess: ({ liked, likes }) => {
      patchPost(queryClient, id, (p) => ({ ...p, liked, likes }));
      invalidateBoardLists(queryClient);
    },
  });
}

export function useDeletePost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(deletePostCall, { id }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: boardKeys.post(id) });
      invalidateBoardLists(queryClient);
    },
  });
}

/** 标记已售出 (or back on sale). */
export function useMarkSold(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sold: boolean) => callApi(markSoldCall, { id, sold }),
    onSuccess: ({ sold }) => {
      patchPost(queryClient, id, (p) => ({ ...p, sold }));
      invalidateBoardLists(queryClient);
    },
  });
}
