import { priceText } from '../money';

/**
 * Orders of group buys (issue 36): limits and messages both sides enforce. Free of zod.
 */

/** Unpaid orders close after this long, their stock given back (the payments module's job). */
export const PAY_WITHIN_MINUTES = 15;
/** Lines of one order: at most every item of a group buy. */
export const ORDER_LINES_MAX = 30;
/** Units of one line (the per-person limit usually says less). */
export const ORDER_QTY_MAX = 999;
export const ORDER_NOTE_MAX_CHARS = 100;
/** A resubmit key of the client (a UUID or the like). */
export const CLIENT_KEY_MIN_CHARS = 8;
export const CLIENT_KEY_MAX_CHARS = 64;

/**
 * Order states: unpaid → paid → collected; unpaid → closed (not paid in time, or cancelled by the
 * buyer); paid → refunded (every unit refunded).
 */
export const ORDER_STATUSES = ['unpaid', 'paid', 'collected', 'closed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = { unpaid: '待付款', paid: '待自提', collected: '已完成', closed: '已关闭', refunded: '已退款' };

/** The tabs of 我的订单 (spec route /myorder/my?state=): `refund` the orders with a refund. */
export const ORDER_LIST_STATES = ['all', 'unpaid', 'paid', 'collected', 'refund'] as const;
/** Orders per page of 我的订单 (more load as the list is scrolled). */
export const MY_ORDERS_PAGE = 20;
export type OrderListState = (typeof ORDER_LIST_STATES)[number];
export const ORDER_LIST_STATE_TEXT: Record<OrderListState, string> = { all: '全部', unpaid: '待付款', paid: '待自提', collected: '已完成', refund: '退款' };

export const OrderMsg = {
  cursor: '分页参数不正确',
  lines: '请至少选择一件商品',
  tooManyLines: `一次最多购买${ORDER_LINES_MAX}种商品`,
  qty: `每种商品购买1到${ORDER_QTY_MAX}件`,
  duplicateItem: '同一商品请合并为一行',
  note: `备注不超过${ORDER_NOTE_MAX_CHARS}个字`,
  clientKey: '请求编号不正确，请刷新页面后重试',
  groupBuy: '团购不存在或已下架',
  item: '所选商品不属于该团购，请刷新页面后重新选择',
  notStarted: '该团购还未开团，请开团后再来下单',
  closed: '该团购已截单，不能再下单了',
  notOpen: '该团购已结束，不能再下单了',
  notResident: '只有本小区的居民可以参加本社区的团购：出入登记审核通过后即可下单',
  /** Names the item that is short and what is left, so the buyer can change the quantity. */
  stock: (name: string, left: number) => (left > 0 ? `「${name}」库存不足，仅剩${left}件，请减少数量后再提交` : `「${name}」已售罄，请去掉该商品后再提交`),
  limit: (limit: number, had: number) =>
    had > 0 ? `该团购每人限购${limit}件，您已购买${had}件，最多还能买${Math.max(limit - had, 0)}件` : `该团购每人限购${limit}件，请减少数量后再提交`,
  tooMuch: `单笔订单金额不能超过${priceText(10_000_000)}，请分开下单`,
  notFound: '订单不存在',
  notCancellable: '只有待付款的订单可以取消',
} as const;

/** What the order list's card says the buyer should do next. */
export function orderStatusText(status: string): string {
  return ORDER_STATUS_TEXT[status as OrderStatus] ?? status;
}
