import { useMutation, useQueryClient } from '@tanstack/react-query';
import { giveConsentCall } from '@sq/contract/pass/give-consent';
import { callApi } from '../../../lib/api-client';

/** The person agrees to the privacy notice for their registration here (staff entered it). */
export function useGiveConsent(poiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(giveConsentCall, { poiId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pass'] }),
  });
}
