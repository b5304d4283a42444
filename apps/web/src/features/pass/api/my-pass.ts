import { queryOptions } from '@tanstack/react-query';
import { checkCodeInfoCall } from '@sq/contract/pass/check-code-info';
import { getMyPassCall } from '@sq/contract/pass/get-my-pass';
import { callApi } from '../../../lib/api-client';

/**
 * The pass with its code key (GET /v1/userCard/my): the page makes the rotating codes itself, so
 * it is fetched only when the page asks – on open, when the server calls a code expired (the
 * phone's clock is re-measured), or on 刷新 – never on focus.
 */
export const myPassQuery = (poiId: string, direction: number) =>
  queryOptions({
    queryKey: ['pass', 'my', poiId, direction],
    queryFn: ({ signal }) => callApi(getMyPassCall, { poiId, pass: direction }, { signal, silent: true }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

/** One question "was my code scanned?"; silent because the poller decides what to say. */
export function askCodeState(poiId: string, code: string, signal?: AbortSignal) {
  return callApi(checkCodeInfoCall, { poiId, code }, { silent: true, signal });
}
