import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZImage, ZImageHash } from '../images/upload-image';

/**
 * 退款 (issue 36 item 4): the buyer asks for units back with a reason – before pickup, or after it
 * for a bad item with 1–6 photos; the seller agrees (the refund goes to WeChat Pay through the
 * payments module) or refuses with a reason; the buyer is told. Amounts are units × price in fen,
 * never more than paid minus refunded minus what other open refunds ask.
 */

export const RefundMsg = {
  orderNotFound: '订单不存在',
  notPaid: '订单未支付，无需退款',
  lines: '请选择要退款的商品和数量',
  tooMany: '退款数量超过了可退的数量，请重新选择',
  tooMuch: '退款金额不能超过实付金额减去已退金额，请减少数量',
  reason: '请填写退款原因（1–200字）',
  photos: '提货后退款需上传1–6张商品问题照片',
  photosBefore: '未提货的商品退款无需上传照片',
  refundNotFound: '退款申请不存在',
  notSeller: '您不是该团购的团长或店铺店员，不能处理这笔退款',
  notRequested: '这笔退款已处理过了，请刷新查看',
  refuseReason: '请填写拒绝原因（1–200字）',
} as const;

export const REFUND_STATES = ['requested', 'refunding', 'refunded', 'refused', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
/** What a state reads as (退款失败 shown to staff only; the buyer sees 退款中 until it is done). */
export const REFUND_STATE_NAMES: Record<RefundState, string> = { requested: '申请中', refunding: '退款中', refunded: '已退款', refused: '已拒绝', failed: '退款失败' };
export const REFUND_REASON_MAX = 200;
export const REFUND_PHOTOS_MAX = 6;

const ZLines = z
  .array(z.object({ itemId: z.string().uuid(RefundMsg.lines), qty: z.number({ error: RefundMsg.lines }).int(RefundMsg.lines).min(1, RefundMsg.lines) }), { error: RefundMsg.lines })
  .min(1, RefundMsg.lines)
  .max(100, RefundMsg.lines);

export const ZRefundView = /*#__PURE__*/ z.object({
  id: z.string(),
  orderId: z.string(),
  orderNo: z.string(),
  groupBuyTitle: z.string(),
  amountFen: z.number().int(),
  lines: z.array(z.object({ itemId: z.string(), name: z.string(), qty: z.number().int() })),
  reason: z.string(),
  photos: z.array(ZImage),
  state: z.enum(REFUND_STATES),
  stateName: z.string(),
  refuseReason: z.string().nullable(),
  /** Unix seconds. */
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  /** The buyer as the seller sees them (screen name, masked mobile); null in the buyer's own list. */
  buyer: z.object({ name: z.string(), mobile: z.string() }).nullable(),
});
export type RefundView = z.output<typeof ZRefundView>;

/** What the refund page offers: per line the units still refundable before and after pickup. */
export const getRefundable = defineEndpoint({
  method: 'GET',
  path: '/v1/orders/:id/refundable',
  summary: '可退款的商品',
  data: z.object({
    orderId: z.string(),
    orderNo: z.string(),
    groupBuyTitle: z.string(),
    poiId: z.string(),
    totalFen: z.number().int(),
    refundedFen: z.number().int(),
    /** Paid − refunded − open refunds: the most a new refund may ask. */
    leftFen: z.number().int(),
    lines: z.array(
      z.object({
        itemId: z.string(),
        name: z.string(),
        priceFen: z.number().int(),
        qty: z.number().int(),
        /** Units not collected and not refunded or asked: refundable without photos. */
        uncollected: z.number().int(),
        /** Units collected (refundable for a bad item, with photos). */
        collected: z.number().int(),
      }),
    ),
  }),
});

/** The buyer asks: units (uncollected ones, or – with photos – collected bad ones) and a reason. */
export const requestRefund = defineEndpoint({
  method: 'POST',
  path: '/v1/orders/:id/refunds',
  summary: '申请退款',
  body: z.object({
    lines: ZLines,
    /** After pickup (units already collected, a bad item): photos are required. */
    afterPickup: z.boolean().default(false),
    reason: z.string({ error: RefundMsg.reason }).trim().min(1, RefundMsg.reason).max(REFUND_REASON_MAX, RefundMsg.reason),
    photos: z.array(ZImageHash).max(REFUND_PHOTOS_MAX, RefundMsg.photos).default([]),
  }),
  data: z.object({ refund: ZRefundView }),
});

/** The buyer's refunds, newest first. */
export const listMyRefunds = defineEndpoint({
  method: 'GET',
  path: '/v1/refunds/mine',
  summary: '我的退款',
  data: z.object({ refunds: z.array(ZRefundView) }),
});

/** The refunds waiting on the seller (申请中) and those that failed at the provider (退款失败), newest first. */
export const listSellerRefunds = defineEndpoint({
  method: 'GET',
  path: '/v1/sellers/:id/refunds',
  summary: '待处理的退款',
  data: z.object({ refunds: z.array(ZRefundView) }),
});

/** The seller agrees: 退款中, sent to WeChat Pay. */
export const agreeRefund = defineEndpoint({
  method: 'POST',
  path: '/v1/refunds/:id/agree',
  summary: '同意退款',
  data: z.object({ refund: ZRefundView }),
});

/** The seller refuses with a reason the buyer reads. */
export const refuseRefund = defineEndpoint({
  method: 'POST',
  path: '/v1/refunds/:id/refuse',
  summary: '拒绝退款',
  body: z.object({ reason: z.string({ error: RefundMsg.refuseReason }).trim().min(1, RefundMsg.refuseReason).max(REFUND_REASON_MAX, RefundMsg.refuseReason) }),
  data: z.object({ refund: ZRefundView }),
});
