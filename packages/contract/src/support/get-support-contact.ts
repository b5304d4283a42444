import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

/**
 * 技术支持 (/support): the operator's contacts, set per deployment (SUPPORT_* settings). A field
 * that is not set is '' and its part of the page is not shown – never a made-up number.
 */
export const ZSupportContact = z.object({
  /** As written, e.g. 400-123-4567; dialled without the dashes. */
  hotline: z.string(),
  /** When the hotline answers, e.g. 工作日 9:00–18:00. */
  hours: z.string(),
  /** The WeChat account people add. */
  wechatId: z.string(),
  /** What the WeChat QR encodes: the account's invite link. */
  wechatQr: z.string(),
});
export type SupportContact = z.infer<typeof ZSupportContact>;

export const getSupportContact = defineEndpoint({
  method: 'GET',
  path: '/v1/support/contact',
  summary: '技术支持联系方式（按部署配置）',
  data: ZSupportContact,
});
export const getSupportContactCall = callOf<typeof getSupportContact>('GET', '/v1/support/contact');
