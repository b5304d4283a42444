import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getPendingNoticeCall } from '@sq/contract/pass/get-pending-notice';
import { callApi } from '../../../lib/api-client';
import { storage, StorageKey } from '../../../lib/storage';
import { FirstVisitNotice } from './first-visit-notice';

/**
 * Right after a login, on whatever page it lands: a person whom staff registered is shown the
 * privacy notice once (PIPL art. 17), before anything else. The pass page asks the same itself.
 */
export function PendingNotice() {
  const pending = useQuery({
    queryKey: ['pass', 'notice'],
    queryFn: ({ signal }) => callApi(getPendingNoticeCall, undefined, { signal, silent: true }),
    staleTime: Infinity,
  });
  const poiId = pending.data?.poiId ?? null;
  // Nothing waiting, or it could not be asked: the pass page will still ask when it is opened.
  useEffect(() => {
    if (pending.isError || (pending.data && !poiId)) storage.remove(StorageKey.noticeCheck);
  }, [pending.isError, pending.data, poiId]);
  if (!poiId) return null;
  return <FirstVisitNotice poiId={poiId} community={pending.data?.community ?? ''} onAgreed={() => storage.remove(StorageKey.noticeCheck)} />;
}
