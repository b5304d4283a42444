import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { EventKind, EventWhen } from '@sq/contract/events/event-rules';
import { getEventCall, getEventSettingsCall, listEventKindsCall, listEventsCall, listMyEventsCall, searchEventsCall } from '@sq/contract/events/calls';
import { callOf } from '@sq/contract/endpoint';
import type { listStaff } from '@sq/contract/manage/list-staff';
import { callApi } from '../../../lib/api-client';
import { eventKeys } from './event-keys';

// list-staff.ts holds its schema (zod): only its type is imported, to keep /activity's first load free of it.
const listStaffCall = callOf<typeof listStaff>('GET', '/v1/communityManager');

// Silent: the pages say in place why something cannot be shown (not joined, not found).
const quiet = (signal: AbortSignal) => ({ signal, silent: true });
const nextOf = (last: { next: string | null }) => last.next ?? undefined;

/** /activitylist (and the home's first cards): the community's events page by page. */
export function useEventList(poiId: string | null, when: EventWhen, kind: EventKind | null) {
  return useInfiniteQuery({
    queryKey: eventKeys.list(poiId, when, kind),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(listEventsCall, { poiId: poiId!, when, kind: kind ?? undefined, cursor: pageParam }, quiet(signal)),
    getNextPageParam: nextOf,
    enabled: Boolean(poiId),
    // A 403 (not joined) does not change by asking again.
    retry: false,
  });
}

/** /activity/search: events whose title, description or place hold the words. */
export function useEventSearch(poiId: string | null, keyword: string) {
  return useInfiniteQuery({
    queryKey: eventKeys.search(poiId, keyword),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(searchEventsCall, { poiId: poiId!, keyword, cursor: pageParam }, quiet(signal)),
    getNextPageParam: nextOf,
    enabled: Boolean(poiId) && keyword !== '',
    retry: false,
  });
}

export function useEventKinds(poiId: string | null) {
  return useQuery({
    queryKey: eventKeys.kinds(poiId),
    queryFn: ({ signal }) => callApi(listEventKindsCall, { poiId: poiId! }, quiet(signal)),
    enabled: Boolean(poiId),
    retry: false,
  });
}

/** 我的活动: the caller's sign-ups in every community. */
export function useMyEvents(enabled = true) {
  return useInfiniteQuery({
    queryKey: eventKeys.mine,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callApi(listMyEventsCall, { cursor: pageParam }, quiet(signal)),
    getNextPageParam: nextOf,
    enabled,
    retry: false,
  });
}

export function useEvent(id: string) {
  return useQuery({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => callApi(getEventCall, { id }, quiet(signal)).then((d) => d.event),
    enabled: id !== '',
    retry: false,
  });
}

/** Whether residents may propose events here. */
export function useEventSettings(poiId: string | null) {
  return useQuery({
    queryKey: eventKeys.settings(poiId),
    queryFn: ({ signal }) => callApi(getEventSettingsCall, { poiId: poiId! }, quiet(signal)),
    enabled: Boolean(poiId),
    retry: false,
  });
}

/**
 * The caller's staff role here (isAdmin), or null for a resident: GET /v1/communityManager answers
 * 403 to anyone who is not staff, which here only means "no staff entries".
 */
export function useStaffRole(poiId: string | null, enabled = true) {
  return useQuery({
    queryKey: eventKeys.staff(poiId),
    queryFn: ({ signal }) =>
      callApi(listStaffCall, { poiId: poiId! }, quiet(signal)).then(
        (d) => d.isAdmin,
        () => null,
      ),
    enabled: Boolean(poiId) && enabled,
    staleTime: 5 * 60_000,
  });
}
