import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteMyAccountCall, ACCOUNT_DELETE_WORD } from '@sq/contract/mydata/delete-my-account';
import { deleteMyRegistrationCall } from '@sq/contract/mydata/delete-my-registration';
import { unbindWechatCall } from '@sq/contract/mydata/unbind-wechat';
import { getMyDataCall } from '@sq/contract/mydata/get-my-data';
import { callApi } from '../../../lib/api-client';
import { clearLogin } from '../../../lib/session';

/** 我的信息 (GET /v1/mydata): what the project holds about the caller, and who handled it. */
export function useMyData() {
  return useQuery({ queryKey: ['mydata'], queryFn: ({ signal }) => callApi(getMyDataCall, undefined, { signal }) });
}

export function useDeleteMyRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (poiId: string) => callApi(deleteMyRegistrationCall, { poiId }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** 解除微信绑定: WeChat login and WeChat notices stop; the page shows 未绑定. */
export function useUnbindWechat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(unbindWechatCall, undefined),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** 注销账号: on success the login here is forgotten too (the server has ended every session). */
export function useDeleteMyAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(deleteMyAccountCall, { confirm: ACCOUNT_DELETE_WORD }),
    onSuccess: () => {
      clearLogin();
      queryClient.removeQueries();
    },
  });
}
