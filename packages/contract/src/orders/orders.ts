import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { CLIENT_KEY_MAX_CHARS, CLIENT_KEY_MIN_CHARS, ORDER_LINES_MAX, ORDER_LIST_STATES, ORDER_NOTE_MAX_CHARS, ORDER_QTY_MAX, ORDER_STATUSES, OrderMsg } from './order-rules';

/**
 * Orders of group buys (issue 36 item 2): a cart becomes an order that holds its stock at once
 * (never more than there is, also under a rush) and waits 15 minutes for payment (/pay?order=).
 * Amounts integer fen, times unix seconds.
 */

export const ZOrderLineForm = /*#__PURE__*/ z.object({
  itemId: z.string({ error: OrderMsg.item }).uuid(OrderMsg.item),
  qty: z.number({ error: OrderMsg.qty }).int(OrderMsg.qty).min(1, OrderMsg.qty).max(ORDER_QTY_MAX, OrderMsg.qty),
});

export const ZOrderForm = /*#__PURE__*/ z.object({
  groupBuyId: z.string({ error: OrderMsg.groupBuy }).uuid(OrderMsg.groupBuy),
  lines: z
    .array(ZOrderLineForm, { error: OrderMsg.lines })
    .min(1, OrderMsg.lines)
    .max(ORDER_LINES_MAX, OrderMsg.tooManyLines)
    .refine((lines) => new Set(lines.map((l) => l.itemId)).size === lines.length, OrderMsg.duplicateItem),
  note: z.string({ error: OrderMsg.note }).trim().max(ORDER_NOTE_MAX_CHARS, OrderMsg.note).default(''),
  /** The page's key for this submit: sent again (a retry, a double tap), the same order answers. */
  clientKey: z
    .string({ error: OrderMsg.clientKey })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${CLIENT_KEY_MIN_CHARS},${CLIENT_KEY_MAX_CHARS}}$`), OrderMsg.clientKey)
    .optional(),
  /** A share link's 团长 (?leader=): credited when approved in the group buy's community. */
  leaderId: z.string().uuid().optional().catch(undefined),
});

export const ZOrderLine = /*#__PURE__*/ z.object({
  itemId: z.string(),
  name: z.string(),
  priceFen: z.number().int(),
  qty: z.number().int(),
  collectedQty: z.number().int(),
  refundedQty: z.number().int(),
});

export const ZOrder = /*#__PURE__*/ z.object({
  id: z.string(),
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  groupBuy: z.object({ id: z.string(), title: z.string(), poiId: z.string(), seller: z.string() }),
  lines: z.array(ZOrderLine),
  totalFen: z.number().int(),
  refundedFen: z.number().int(),
  note: z.string(),
  createdAt: z.number().int(),
  /** Unpaid: closed (stock given back) if not paid by then. */
  payBy: z.number().int(),
  paidAt: z.number().int().nullable(),
  pickupPoint: z.string(),
  pickupFrom: z.number().int(),
  pickupUntil: z.number().int(),
  /** A refund of it has been asked or is under way (the refunds page shows which). */
  hasRefund: z.boolean(),
});
export type Order = z.output<typeof ZOrder>;

export const createOrder = defineEndpoint({
  method: 'POST',
  path: '/v1/orders',
  summary: '提交订单（锁定库存，15分钟内付款）',
  body: ZOrderForm,
  data: z.object({ order: ZOrder }),
});

/** The buyer cancels an unpaid order: its stock is given back. */
export const cancelOrder = defineEndpoint({
  method: 'POST',
  path: '/v1/orders/:id/cancel',
  summary: '取消待付款订单',
  data: z.object({ order: ZOrder }),
});

export const listMyOrders = defineEndpoint({
  method: 'GET',
  path: '/v1/orders/mine',
  summary: '我的订单（按状态，分页）',
  query: z.object({
    state: z.enum(ORDER_LIST_STATES).catch('all').default('all'),
    /** The `next` of the page before (opaque); none for the newest page. */
    cursor: z.string({ error: OrderMsg.cursor }).max(200, OrderMsg.cursor).optional(),
  }),
  data: z.object({
    /** MY_ORDERS_PAGE orders at most, newest first. */
    orders: z.array(ZOrder),
    counts: z.object({ unpaid: z.number().int(), paid: z.number().int(), collected: z.number().int(), refund: z.number().int() }),
    serverTime: z.number().int(),
    /** The cursor of the next (older) page; null when this is the last. */
    next: z.string().nullable(),
  }),
});

export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/v1/orders/:id',
  summary: '订单详情',
  data: z.object({ order: ZOrder, serverTime: z.number().int() }),
});
