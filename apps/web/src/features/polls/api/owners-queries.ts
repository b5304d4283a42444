import { useMutation, useQuery } from '@tanstack/react-query';
import { checkReceiptCall, getPollUnitsCall, listReceiptsCall } from '@sq/contract/polls/calls';
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

/** 回执公示: a secret ballot's published receipts (after the deadline). */
export function usePublishedReceipts(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['polls', 'receipts', id],
    queryFn: ({ signal }) => callApi(listReceiptsCall, { id }, { signal, silent: true }),
    enabled: enabled && id !== '',
    staleTime: 60_000,
  });
}

/** A receipt as the published list holds it: SHA-256 (base64url) of `<poll id>:<receipt>`, computed here. */
export async function publishedFormOf(pollId: string, receipt: string): Promise<string> {
  const normalised = receipt.replace(/[\s-]/g, '').toUpperCase();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${pollId}:${normalised}`)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
