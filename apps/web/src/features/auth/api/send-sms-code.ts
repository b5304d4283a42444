import { useMutation } from '@tanstack/react-query';
import { sendSmsCodeCall, type sendSmsCode } from '@sq/contract/auth/send-sms-code';
import type { EndpointBody } from '@sq/contract/endpoint';
import { callApi } from '../../../lib/api-client';

/** 获取验证码. Logged-out by nature, so no token goes along. */
export function useSendSmsCode() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof sendSmsCode>) => callApi(sendSmsCodeCall, body, { noLogin: true }),
  });
}
