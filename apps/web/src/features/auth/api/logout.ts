import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logoutCall } from '@sq/contract/auth/logout';
import { LOGIN_CODES } from '@sq/contract/envelope';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { clearLogin } from '../../../lib/session';

/**
 * 退出登录: revokes the token on the server, then forgets it here. A token the server no longer
 * knows (423/424) counts as logged out too; on other failures the toast has already said why and
 * the user stays logged in, so they can try again rather than leave a live token behind.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const forget = () => {
    clearLogin();
    queryClient.removeQueries();
  };
  return useMutation({
    mutationFn: () => callApi(logoutCall, {}, { noLoginRedirect: true }),
    onSuccess: forget,
    onError: (error) => {
      if (error instanceof ApiError && LOGIN_CODES.includes(error.code)) forget();
    },
  });
}
