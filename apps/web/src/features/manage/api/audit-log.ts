import { useInfiniteQuery } from '@tanstack/react-query';
import { listAuditLogCall } from '@sq/contract/manage/audit-log';
import { callApi } from '../../../lib/api-client';

export interface AuditFilter {
  mobile: string;
  from: string;
  to: string;
}

/** 操作日志 page by page, with the filter as applied (not as typed). */
export function useAuditLog(poiId: string, filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: ['manage', 'auditLog', poiId, filter],
    queryFn: ({ pageParam, signal }) => callApi(listAuditLogCall, { poiId, ...filter, page: pageParam }, { signal, silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.more ? pages.length + 1 : undefined),
    enabled: poiId !== '',
  });
}
