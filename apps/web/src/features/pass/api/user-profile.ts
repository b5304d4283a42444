import { queryOptions } from '@tanstack/react-query';
import { getUserProfileCall } from '@sq/contract/pass/get-user-profile';
import { callApi } from '../../../lib/api-client';

/** The form's starting point and the person's own registration (POST /v1/userCard/userProfile). */
export const userProfileQuery = (poiId: string) =>
  queryOptions({
    queryKey: ['pass', 'profile', poiId],
    queryFn: ({ signal }) => callApi(getUserProfileCall, { poiId }, { signal, silent: true }),
    // The form must not be reset under the person's fingers by a background refetch.
    refetchOnWindowFocus: false,
  });
