import type { QueryClient } from '@tanstack/react-query';

/** The board's query keys: lists under ['board', 'list'], so one call refreshes them all. */
export const boardKeys = {
  lists: ['board', 'list'] as const,
  feed: (poiId: string | null, kind: string | null) => ['board', 'list', 'feed', poiId, kind] as const,
  search: (poiId: string | null, keyword: string, kind: string | null) => ['board', 'list', 'search', poiId, keyword, kind] as const,
  person: (poiId: string | null, openId: string) => ['board', 'list', 'person', poiId, openId] as const,
  post: (id: string) => ['board', 'post', id] as const,
  comments: (id: string) => ['board', 'comments', id] as const,
  rules: (poiId: string | null) => ['board', 'rules', poiId] as const,
};

/** After a post is written, edited, deleted or sold: every list shows it as it is now. */
export function invalidateBoardLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: boardKeys.lists });
}
