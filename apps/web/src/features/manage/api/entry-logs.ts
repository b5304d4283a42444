import { useInfiniteQuery } from '@tanstack/react-query';
import { ENTRY_LOG_PAGE_SIZE, listEntryLogsCall } from '@sq/contract/pass/list-entry-logs';
import { callApi } from '../../../lib/api-client';
import { nextPage } from '../lib/paging';

/** 出入记录, newest first, 20 a page, loaded on scroll; fresh on every visit (the gate never rests). */
export function useEntryLogs(poiId: string, days: { from: string; to: string } = { from: '', to: '' }, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['manage', 'entryLogs', poiId, days.from, days.to],
    queryFn: ({ pageParam, signal }) => callApi(listEntryLogsCall, { poiId, page: pageParam, from: days.from, to: days.to }, { signal, silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPage(last.logs.length, pages.length, ENTRY_LOG_PAGE_SIZE),
    staleTime: 0,
    enabled: poiId !== '' && enabled,
  });
}
