import { callOf } from '../endpoint';
import type { cancelOrder, createOrder, getOrder, listMyOrders } from './orders';

/** Orders' calls, free of zod (see polls/calls.ts for why). */
export const createOrderCall = callOf<typeof createOrder>('POST', '/v1/orders');
export const cancelOrderCall = callOf<typeof cancelOrder>('POST', '/v1/orders/:id/cancel');
export const listMyOrdersCall = callOf<typeof listMyOrders>('GET', '/v1/orders/mine');
export const getOrderCall = callOf<typeof getOrder>('GET', '/v1/orders/:id');
