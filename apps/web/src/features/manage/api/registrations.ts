import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { listRegistrationsCall, REGISTRATION_PAGE_SIZE } from '@sq/contract/pass/list-registrations';
import { callApi } from '../../../lib/api-client';
import { nextPage } from '../lib/paging';

/**
 * 登记记录 of one status, 20 a page, loaded on scroll. Always refetched on return: a review on
 * /xxdetail moves the record to another tab. The previous tab's answer stays as a placeholder
 * while a new tab loads, so the tab counts do not blink.
 */
export function useRegistrations(poiId: string, status: number, keyword: string) {
  return useInfiniteQuery({
    queryKey: ['manage', 'registrations', poiId, status, keyword],
    queryFn: ({ pageParam, signal }) =>
      callApi(listRegistrationsCall, { poiId, status, page: pageParam, ...(keyword ? { keyword } : {}) }, { signal, silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPage(last.userCards.length, pages.length, REGISTRATION_PAGE_SIZE),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: poiId !== '',
  });
}
