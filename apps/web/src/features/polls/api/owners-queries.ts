import { useMutation, useQuery } from '@tanstack/react-query';
import { checkReceiptCall, getPollUnitsCall } from '@sq/contract/polls/calls';
import { callApi } from '../../../lib/api-client';

/** An open owners' vote's units and choices; fetched only when asked for. */
export function usePollUnits(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['polls', 'units', id],
    queryFn: ({ signal }) => callApi(getPollUnitsCall, { id }, { signal }),
    enabled: enabled && id !== '',
    staleTime: 10_000,
  });
}

/** 核对回执: whether a secret ballot with this receipt was counted. */
export function useCheckReceipt(id: string) {
  return useMutation({ mutationFn: (receipt: string) => callApi(checkReceiptCall, { id, receipt }) });
}
