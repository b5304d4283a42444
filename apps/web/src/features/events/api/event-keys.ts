import type { QueryClient } from '@tanstack/react-query';

/** 社区活动's query keys: everything under ['events'], so one call after a change refreshes it all. */
export const eventKeys = {
  all: ['events'] as const,
  list: (poiId: string | null, when: string, kind: string | null) => ['events', 'list', poiId, when, kind] as const,
  search: (poiId: string | null, keyword: string) => ['events', 'search', poiId, keyword] as const,
  kinds: (poiId: string | null) => ['events', 'kinds', poiId] as const,
  mine: ['events', 'mine'] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
  settings: (poiId: string | null) => ['events', 'settings', poiId] as const,
  staff: (poiId: string | null) => ['events', 'staff', poiId] as const,
  proposals: (poiId: string) => ['events', 'proposals', poiId] as const,
  signups: (id: string) => ['events', 'signups', id] as const,
  stats: (poiId: string) => ['events', 'stats', poiId] as const,
};

/** After a sign-up, a cancellation, a publish or a review: every list and detail shows it as it is now. */
export function refreshEvents(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: eventKeys.all });
}
