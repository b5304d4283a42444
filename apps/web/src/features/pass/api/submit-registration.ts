import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Registration } from '@sq/contract/pass/registration-rules';
import { submitRegistrationCall } from '@sq/contract/pass/submit-registration';
import { callApi } from '../../../lib/api-client';

/**
 * POST /v1/userCard with the checked registration; `consent: 1` when the person ticked the privacy
 * notice, `import: 1` when staff register someone else.
 */
export function useSubmitRegistration(poiId: string, managerMode: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ value, consented }: { value: Registration; consented: boolean }) =>
      callApi(submitRegistrationCall, {
        poiId,
        ...value,
        ...(consented ? { consent: 1 as const } : {}),
        expire_time: value.expire_time ?? '',
        return_date: value.return_date ?? '',
        ...(managerMode ? { import: 1 as const } : {}),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pass'] }),
  });
}
