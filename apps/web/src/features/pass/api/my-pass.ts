import { queryOptions } from '@tanstack/react-query';
import { checkCodeInfoCall } from '@sq/contract/pass/check-code-info';
import { getMyPassCall } from '@sq/contract/pass/get-my-pass';
import { callApi } from '../../../lib/api-client';

/**
 * The pass with a fresh single-use code (GET /v1/userCard/my). Every call mints a new code, so it
 * is fetched only when the page asks: on open, when the code runs out, or on 刷新 — never on focus.
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
