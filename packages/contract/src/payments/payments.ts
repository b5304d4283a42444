import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ORDER_PAY_STATES, PAY_CHANNELS, PayMsg, RECONCILE_OUTCOMES } from './pay-rules';

/**
 * 支付 (issue 36 item 2): a resident pays their own order with WeChat Pay – JSAPI inside WeChat,
 * H5 in other browsers, APP through the native shells – and the page then polls the status, which
 * asks WeChat Pay itself when the notice is late. Amounts in fen; times unix seconds.
 */

/** What the pay page shows of an order and its payment. */
export const ZOrderPayment = /*#__PURE__*/ z.object({
  orderId: z.string(),
  orderNo: z.string(),
  title: z.string(),
  totalFen: z.number().int(),
  status: z.enum(ORDER_PAY_STATES),
  /** The instant an unpaid order closes (the 15-minute countdown). */
  payBy: z.number().int(),
  paidAt: z.number().int().nullable(),
  /** Whether this server is a demo whose payments go to the 演示支付 sandbox (no money moves). */
  sandbox: z.boolean(),
});
export type OrderPayment = z.output<typeof ZOrderPayment>;

/** The signed parameters for WeixinJSBridge getBrandWCPayRequest / wx.chooseWXPay. */
export const ZJsapiParams = /*#__PURE__*/ z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});

/** The APP SDK's PayReq, for the native shells' bridge. */
export const ZAppPayParams = /*#__PURE__*/ z.object({
  appid: z.string(),
  partnerid: z.string(),
  prepayid: z.string(),
  package: z.string(),
  noncestr: z.string(),
  timestamp: z.string(),
  sign: z.string(),
});

/** Start (or restart) paying: the channel's parameters for the page. */
export const startPayment = defineEndpoint({
  method: 'POST',
  path: '/v1/orders/:id/pay',
  summary: '发起微信支付',
  body: z.object({ channel: z.enum(PAY_CHANNELS, { error: PayMsg.channel }) }),
  data: z.object({
    payment: ZOrderPayment,
    channel: z.enum(PAY_CHANNELS),
    jsapi: ZJsapiParams.nullable(),
    h5Url: z.string().nullable(),
    app: ZAppPayParams.nullable(),
  }),
});

/** The order's payment status; a pending payment whose notice is late is looked up at WeChat Pay. */
export const getPayment = defineEndpoint({
  method: 'GET',
  path: '/v1/orders/:id/payment',
  summary: '订单支付状态',
  data: z.object({ payment: ZOrderPayment }),
});

export const ZReconciliation = /*#__PURE__*/ z.object({
  billDate: z.string(),
  checkedAt: z.number().int(),
  outcome: z.enum(RECONCILE_OUTCOMES),
  differences: z.array(z.object({ orderNo: z.string(), what: z.string() })),
});

/**
 * A payment WeChat Pay took of another amount than its order's: the order closed and the money
 * refunded in full by itself (docs/decisions/payments.md); listed for the operator as it happens.
 */
export const ZAmountMismatch = /*#__PURE__*/ z.object({
  orderNo: z.string(),
  orderFen: z.number().int(),
  paidFen: z.number().int(),
  paidAt: z.number().int(),
  refundNo: z.string(),
  refundStatus: z.enum(['refunding', 'refunded', 'failed']),
});

/** The daily reconciliations against WeChat Pay's bill, newest first (the platform operator), and the payments of a wrong amount given back. */
export const listReconciliations = defineEndpoint({
  method: 'GET',
  path: '/v1/payments/reconciliations',
  summary: '支付对账结果',
  data: z.object({ reconciliations: z.array(ZReconciliation), amountMismatches: z.array(ZAmountMismatch) }),
});
