import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { MERCHANT_ROLES, MERCHANT_STATUSES } from './merchant-rules';

/** The shops the caller owns or clerks for, owner first: /business's and the counter's (/bs) chooser. */
export const listMyShops = defineEndpoint({
  method: 'GET',
  path: '/v1/merchants/mine',
  summary: '我的店铺（店主、店员）',
  data: z.object({ shops: z.array(z.object({ id: z.string(), name: z.string(), status: z.enum(MERCHANT_STATUSES), role: z.enum(MERCHANT_ROLES) })) }),
});
