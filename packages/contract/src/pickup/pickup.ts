import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { HOLDER_CODE_MAX_LENGTH } from '../codes/holder-code';

/**
 * 提货 (issue 36 item 3): a paid order's buyer shows a rotating pickup code (OP1, signed by their
 * phone's holder key as coupons are); the seller's staff – the group buy's 团长, or the shop's owner
 * and clerks – scan it with the scanner the gate and the counter use, online or offline from a kit,
 * and hand over some or all of the units. A seller is named by its id: a shop's (merchants) or a
 * 团长's (group_leaders). A buyer is shown to the seller as screen name and masked mobile only.
 */

export const PickupMsg = {
  notOrder: '这不是提货码，请让顾客打开订单的提货码',
  badCode: '提货码无效，请让顾客刷新提货码后重试',
  staleCode: '提货码已过期，请让顾客刷新后再扫',
  otherSeller: '提货码不属于您的团购，请让顾客到对应的团长或店铺提货',
  notSeller: '您不是该团购的团长或店铺店员',
  notPaid: '该订单未支付或已关闭，不能提货',
  notYet: '该团购还未截单成团，成团后才能提货',
  done: '该订单已全部提货或退款，无需再提货',
  lines: '请选择要交给顾客的商品和数量',
  tooMany: '提货数量超过了订单中可提的数量，请重新选择',
  time: '离线扫码的时间不对，请在联网后重新扫码',
  scans: '一次最多上传200条离线提货记录',
  refundOpen: '该订单有退款申请未处理，请先处理退款再交货',
  orderNotFound: '订单不存在',
  date: '日期格式不对，应为YYYY-MM-DD',
} as const;

export const PICKUPS_PER_REQUEST = 200;

const ZCode = z.string({ error: PickupMsg.notOrder }).trim().min(1, PickupMsg.notOrder).max(HOLDER_CODE_MAX_LENGTH + 20, PickupMsg.notOrder);
const ZHolder = z.object({ name: z.string(), mobile: z.string() });

/**
 * One line of an order as the seller sees it at pickup. `refunded` counts units refunded and units
 * asked back by a refund still open (they are not handed over); `collected` + `refunded` ≤ `qty`.
 */
export const ZPickupLine = /*#__PURE__*/ z.object({
  itemId: z.string(),
  name: z.string(),
  priceFen: z.number().int(),
  qty: z.number().int(),
  collected: z.number().int(),
  refunded: z.number().int(),
});
export type PickupLine = z.output<typeof ZPickupLine>;

/** An order as the scanner shows it (green): what is left to hand over. */
export const ZPickupOrder = /*#__PURE__*/ z.object({
  orderId: z.string(),
  orderNo: z.string(),
  groupBuyTitle: z.string(),
  pickupPoint: z.string(),
  buyer: ZHolder,
  totalFen: z.number().int(),
  refundedFen: z.number().int(),
  /** paid | collected | refunded */
  status: z.string(),
  /** A refund the seller has not decided yet: units are not handed over until it is. */
  refundOpen: z.boolean(),
  lines: z.array(ZPickupLine),
});
export type PickupOrder = z.output<typeof ZPickupOrder>;

/**
 * `collected`: how many units of the line are handed over in all after this pickup (not how many
 * more). So a pickup sent twice – an offline queue retried – hands nothing over twice.
 */
const ZCollectLines = z
  .array(z.object({ itemId: z.string().uuid(PickupMsg.lines), collected: z.number({ error: PickupMsg.lines }).int(PickupMsg.lines).min(0, PickupMsg.lines) }), { error: PickupMsg.lines })
  .min(1, PickupMsg.lines)
  .max(100, PickupMsg.lines);

/** The sellers the caller acts for (their approved 团长 rows, the shops they work for). */
export const listMySellers = defineEndpoint({
  method: 'GET',
  path: '/v1/sellers/mine',
  summary: '我可以提货核销的团长身份和店铺',
  data: z.object({ sellers: z.array(z.object({ id: z.string(), kind: z.enum(['leader', 'shop']), name: z.string(), poiId: z.string().nullable() })) }),
});

/** A pickup code scanned online: the order and what is left (nothing is handed over yet). */
export const checkPickupCode = defineEndpoint({
  method: 'POST',
  path: '/v1/sellers/:id/pickup/check',
  summary: '扫描提货码',
  body: z.object({ code: ZCode }),
  data: ZPickupOrder,
});

/** Units handed over (online, after the scan's verdict). Answers the order as it is now. */
export const collectOrder = defineEndpoint({
  method: 'POST',
  path: '/v1/sellers/:id/pickup/collect',
  summary: '确认提货',
  body: z.object({ orderId: z.string().uuid(PickupMsg.orderNotFound), lines: ZCollectLines }),
  data: ZPickupOrder,
});

/** What a scanner keeps to hand over with no network: the seller's paid orders still to collect, with their buyers' public keys. */
export const getPickupKit = defineEndpoint({
  method: 'GET',
  path: '/v1/sellers/:id/pickup/kit',
  summary: '提货离线名单',
  data: z.object({
    sellerId: z.string(),
    name: z.string(),
    serverTime: z.number().int(),
    validUntil: z.number().int(),
    orders: z.array(ZPickupOrder.extend({ keys: z.array(z.object({ kid: z.number().int(), publicKey: z.string() })) })),
  }),
});

/** Pickups made offline, sent when the network is back; each checked again at the time it was scanned and applied once. */
export const sendOfflinePickups = defineEndpoint({
  method: 'POST',
  path: '/v1/sellers/:id/pickup/offline',
  summary: '上传离线提货记录',
  body: z.object({
    scans: z
      .array(z.object({ code: ZCode, at: z.number({ error: PickupMsg.time }).int(PickupMsg.time).min(0, PickupMsg.time), lines: ZCollectLines }), { error: PickupMsg.scans })
      .min(1, PickupMsg.scans)
      .max(PICKUPS_PER_REQUEST, PickupMsg.scans),
  }),
  data: z.object({ results: z.array(z.object({ code: z.string(), ok: z.boolean(), message: z.string().nullable() })) }),
});

/** The seller's 待取 list: paid orders waiting, by pickup point and day, with totals per item. */
export const getPickupDayList = defineEndpoint({
  method: 'GET',
  path: '/v1/sellers/:id/pickup/list',
  summary: '待取订单（按提货点和日期）',
  data: z.object({
    name: z.string(),
    groups: z.array(
      z.object({
        pickupPoint: z.string(),
        /** Beijing date YYYY-MM-DD of the pickup's start. */
        date: z.string(),
        totals: z.array(z.object({ name: z.string(), qty: z.number().int() })),
        orders: z.array(ZPickupOrder),
      }),
    ),
  }),
});

/** The resident's own paid orders waiting for pickup (the resident's side of /myorder/deqorder). */
export const listMyPickups = defineEndpoint({
  method: 'GET',
  path: '/v1/pickup/mine',
  summary: '我的待取订单',
  data: z.object({
    /** Unix ms of the server (the codes' clock offset). */
    serverTime: z.number().int(),
    orders: z.array(
      z.object({
        orderId: z.string(),
        orderNo: z.string(),
        groupBuyTitle: z.string(),
        pickupPoint: z.string(),
        /** Unix seconds. */
        pickupFrom: z.number().int(),
        pickupUntil: z.number().int(),
        totalFen: z.number().int(),
        lines: z.array(ZPickupLine),
      }),
    ),
  }),
});
