import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';

/**
 * The person agrees to the privacy notice for their registration here: asked at their first visit
 * when staff entered them (or an old client registered them without the notice).
 */
export const giveConsent = defineEndpoint({
  method: 'POST',
  path: '/v1/userCard/consent',
  summary: '同意个人信息处理说明（工作人员代为登记的人首次登录时）',
  body: z.object({ poiId: ZPoiId }),
  data: z.object({ consentAt: z.number().int() }),
});
export const giveConsentCall = callOf<typeof giveConsent>('POST', '/v1/userCard/consent');
