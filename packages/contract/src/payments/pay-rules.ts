/**
 * 支付 (issue 36 item 2): words and limits shared by the server and the pay page. Free of zod.
 */

/** How the page pays: JSAPI inside WeChat, H5 in other browsers, APP through the native shells' bridge. */
export const PAY_CHANNELS = ['jsapi', 'h5', 'app'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/** An order's states as the pay page reads them (orders.status). */
export const ORDER_PAY_STATES = ['unpaid', 'paid', 'collected', 'closed', 'refunded'] as const;
export type OrderPayState = (typeof ORDER_PAY_STATES)[number];

/** The page asks for the status this often while it waits (ms). */
export const PAY_POLL_MS = 2000;

/** A payment this long without a notice is looked up at WeChat Pay by the status endpoint (ms). */
export const PAY_NOTICE_LATE_MS = 5000;

/** Reconciliation outcomes (pay_reconciliations.outcome). */
export const RECONCILE_OUTCOMES = ['ok', 'differences', 'failed'] as const;

export const PayMsg = {
  channel: '请选择支付方式：微信内支付、浏览器支付或App支付',
  orderNotFound: '订单不存在，请回到我的订单查看',
  notYours: '这不是您的订单，只有下单的人可以支付',
  notMember: '您已不是该订单所在社区的成员，无法支付',
  paid: '订单已支付，无需重复支付',
  closed: '订单已关闭（超过15分钟未支付），请重新下单',
  refunded: '订单已退款，无需支付',
  groupBuyOver: '该团购未成团或已取消，订单不能再支付',
  expired: '订单已超过支付时间，请重新下单',
  noWechat: '请先在微信中打开并用微信登录，再用微信支付；也可在手机浏览器中支付',
  unavailable: '微信支付暂时无法使用，请稍后再试',
  notConfigured: '本站暂未开通在线支付，请联系团长或物业',
  operatorOnly: '只有平台运营人员可以查看对账结果',
} as const;
