import { callOf } from '../endpoint';
import type { getPayment, listReconciliations, startPayment } from './payments';

/** 支付's calls, free of zod (see polls/calls.ts for why). */
export const startPaymentCall = callOf<typeof startPayment>('POST', '/v1/orders/:id/pay');
export const getPaymentCall = callOf<typeof getPayment>('GET', '/v1/orders/:id/payment');
export const listReconciliationsCall = callOf<typeof listReconciliations>('GET', '/v1/payments/reconciliations');
