import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/**
 * 团长收益 (issue 36 item 5): the commission on orders credited to the leader – pending while the
 * order waits for pickup (on paid − refunded), settled from the ledger after – and a monthly
 * statement .xlsx.
 */

export const EarningsMsg = {
  notLeader: '您还不是该小区已通过审核的团长',
  month: '月份格式不对，应为YYYY-MM',
} as const;

export const ZEarningOrder = /*#__PURE__*/ z.object({
  orderId: z.string(),
  orderNo: z.string(),
  groupBuyTitle: z.string(),
  /** paid − refunded (fen). */
  amountFen: z.number().int(),
  commissionBp: z.number().int(),
  commissionFen: z.number().int(),
  /** pending (waiting for pickup) | settled */
  state: z.enum(['pending', 'settled']),
  /** Unix seconds: paid, and settled (null while pending). */
  paidAt: z.number().int(),
  settledAt: z.number().int().nullable(),
});

export const getEarnings = defineEndpoint({
  method: 'GET',
  path: '/v1/leaders/:id/earnings',
  summary: '团长收益',
  data: z.object({
    leaderId: z.string(),
    displayName: z.string(),
    pendingFen: z.number().int(),
    settledFen: z.number().int(),
    orders: z.array(ZEarningOrder),
  }),
});

/** The month's settled and pending commission per order (.xlsx), audited. */
export const getEarningsStatement = defineEndpoint({
  method: 'GET',
  path: '/v1/leaders/:id/statement',
  summary: '团长月度收益对账单',
  query: z.object({ month: z.string({ error: EarningsMsg.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, EarningsMsg.month) }),
  data: z.object({}),
  download: { types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], description: '月度收益对账单 .xlsx' },
});

/** The caller's approved 团长 rows (for the earnings and promotion pages). */
export const listMyLeaderships = defineEndpoint({
  method: 'GET',
  path: '/v1/leaders/mine',
  summary: '我的团长身份',
  data: z.object({ leaders: z.array(z.object({ id: z.string(), poiId: z.string(), displayName: z.string(), pickupPoint: z.string() })) }),
});
