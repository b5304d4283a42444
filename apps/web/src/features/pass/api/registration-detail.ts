import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getRegistrationDetailCall } from '@sq/contract/pass/get-registration-detail';
import { verifyRegistrationCall } from '@sq/contract/pass/verify-registration';
import { callApi } from '../../../lib/api-client';

export interface ScanRef {
  poiId: string;
  openId?: string;
  code: string;
  pass?: number;
}

/**
 * A gate scan (POST /v1/userCard/userInfo with the code). The server uses the code up and logs
 * the entry, so this runs exactly once: no retries, no refetch; later refreshes go by record id.
 */
export const scanQuery = (ref: ScanRef) =>
  queryOptions({
    queryKey: ['pass', 'scan', ref.poiId, ref.code],
    queryFn: ({ signal }) => callApi(getRegistrationDetailCall, ref, { signal, silent: true }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** A record opened from the list or refreshed after a review (by `_id`, nothing is logged). */
export const registrationQuery = (poiId: string, id: string) =>
  queryOptions({
    queryKey: ['pass', 'registration', poiId, id],
    queryFn: ({ signal }) => callApi(getRegistrationDetailCall, { poiId, _id: id }, { signal, silent: true }),
    // Each whole view of personal data is audited: do not reload it behind the staff's back.
    refetchOnWindowFocus: false,
    retry: false,
  });

export interface ReviewInput {
  poiId: string;
  id: string;
  status: 1 | -1;
  /** Why it is sent back or revoked; the person sees it. */
  reason?: string;
  /** The scanned code, so a send-back also tells the resident's waiting page. */
  code?: string;
  openId?: string;
  pass?: number;
}

/** 通过 / 退回 / 撤销 (POST /v1/userCard/verify); the record is then loaded again by id. */
export function useReview(onDone: (id: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...rest }: ReviewInput) => callApi(verifyRegistrationCall, { ...rest, _id: id }),
    onSuccess: async (_data, input) => {
      await queryClient.invalidateQueries({ queryKey: ['pass', 'registration', input.poiId, input.id] });
      onDone(input.id);
    },
  });
}
