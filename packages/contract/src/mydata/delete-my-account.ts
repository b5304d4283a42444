import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

/** What the person types to confirm: deleting an account cannot be undone. */
export const ACCOUNT_DELETE_WORD = '注销';
export const MSG_CONFIRM_DELETE = `请输入“${ACCOUNT_DELETE_WORD}”确认注销账号`;

/**
 * Deletes the caller's account: every registration, the communities joined, the WeChat binding,
 * every session; the mobile is erased from the account, which stays only as "已注销用户" where
 * others' records point at it (votes cast, corrections submitted, staff actions in 操作日志).
 */
export const deleteMyAccount = defineEndpoint({
  method: 'POST',
  path: '/v1/mydata/deleteAccount',
  summary: '注销本人账号并删除个人信息',
  body: z.object({ confirm: z.literal(ACCOUNT_DELETE_WORD, { error: MSG_CONFIRM_DELETE }) }),
  data: z.object({ deleted: z.literal(true) }),
});
export const deleteMyAccountCall = callOf<typeof deleteMyAccount>('POST', '/v1/mydata/deleteAccount');
