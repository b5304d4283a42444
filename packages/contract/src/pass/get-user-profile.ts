import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { ZPoiId } from '../rules';
import { ZRegistrationMasked } from './registration-schemas';

/** What the registration form starts from (spec §7 POST /v1/userCard/userProfile). */
export const getUserProfile = defineEndpoint({
  method: 'POST',
  path: '/v1/userCard/userProfile',
  summary: '登记表初始信息（本人登记、社区、手机号）',
  body: z.object({ poiId: ZPoiId }),
  data: z.object({
    /** Building addresses the community accepts; empty means free text. */
    allowAddress: z.array(z.string()),
    community: z.object({ poiId: z.string(), community: z.string() }),
    /** The person's own registration here (mobile and ID masked), or null before the first one. */
    userCard: /*#__PURE__*/ ZRegistrationMasked.nullable(),
    /** The login mobile, to pre-fill the form. */
    mobile: z.string(),
    /** Whether the form may be submitted now (no registration yet, returned, or tenancy ended). */
    canSubmit: z.boolean(),
  }),
});
export const getUserProfileCall = callOf<typeof getUserProfile>('POST', '/v1/userCard/userProfile');
