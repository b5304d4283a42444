import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPostCall, editPostCall } from '@sq/contract/board/calls';
import type { PostBody } from '@sq/contract/board/posts';
import { callApi } from '../../../lib/api-client';
import { boardKeys, invalidateBoardLists } from './board-keys';

/** /tpush: a new post (poiId given) or the author's edit of `editId`; answers whether it is held. */
export function usePublish(poiId: string | null, editId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostBody) => (editId ? callApi(editPostCall, { ...body, id: editId }) : callApi(createPostCall, { ...body, poiId: poiId! })),
    onSuccess: ({ id }) => {
      void queryClient.invalidateQueries({ queryKey: boardKeys.post(id) });
      invalidateBoardLists(queryClient);
    },
  });
}
