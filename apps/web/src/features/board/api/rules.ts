import { useQuery } from '@tanstack/react-query';
import { getBoardRulesCall } from '@sq/contract/board/calls';
import { callApi } from '../../../lib/api-client';
import { boardKeys } from './board-keys';

/** The community's rules, and what the caller may do: whether they accepted, may post, are staff. */
export function useBoardRules(poiId: string | null) {
  return useQuery({
    queryKey: boardKeys.rules(poiId),
    queryFn: ({ signal }) => callApi(getBoardRulesCall, { poiId: poiId! }, { signal, silent: true }),
    enabled: Boolean(poiId),
    staleTime: 60_000,
    retry: false,
  });
}
