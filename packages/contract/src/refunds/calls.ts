import { callOf } from '../endpoint';
import type { agreeRefund, getRefundable, listMyRefunds, listSellerRefunds, refuseRefund, requestRefund } from './refunds';

/** 退款's calls, free of zod. */
export const getRefundableCall = callOf<typeof getRefundable>('GET', '/v1/orders/:id/refundable');
export const requestRefundCall = callOf<typeof requestRefund>('POST', '/v1/orders/:id/refunds');
export const listMyRefundsCall = callOf<typeof listMyRefunds>('GET', '/v1/refunds/mine');
export const listSellerRefundsCall = callOf<typeof listSellerRefunds>('GET', '/v1/sellers/:id/refunds');
export const agreeRefundCall = callOf<typeof agreeRefund>('POST', '/v1/refunds/:id/agree');
export const refuseRefundCall = callOf<typeof refuseRefund>('POST', '/v1/refunds/:id/refuse');
