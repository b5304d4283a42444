import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginCall, type login } from '@sq/contract/auth/login';
import type { EndpointBody } from '@sq/contract/endpoint';
import { callApi } from '../../../lib/api-client';
import { saveLogin } from '../../../lib/session';
import { storage, StorageKey } from '../../../lib/storage';

/** Logs in with mobile and SMS code and keeps the session (spec §3: token, userMobile). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof login>) => callApi(loginCall, body, { noLogin: true }),
    onSuccess: (data) => {
      saveLogin({ token: data.token, mobile: data.mobile });
      // Someone staff registered sees the privacy notice at this first login (app/routes/root-layout).
      storage.set(StorageKey.noticeCheck, '1');
      // Whatever was loaded before belonged to nobody (or to someone else): load it again.
      queryClient.removeQueries();
    },
  });
}
