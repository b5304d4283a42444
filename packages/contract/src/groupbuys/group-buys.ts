import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZImageHash } from '../images/upload-image';
import { MAX_FEN } from '../money';
import { ZPoiId } from '../poi-id';
import {
  CANCEL_REASON_MAX_CHARS,
  COMMISSION_MAX_BP,
  GROUP_BUY_INTRO_MAX_CHARS,
  GROUP_BUY_ITEMS_MAX,
  GROUP_BUY_PHOTOS_MAX,
  GROUP_BUY_STATES,
  GROUP_BUY_TITLE_MAX_CHARS,
  GroupBuyMsg,
  ITEM_NAME_MAX_CHARS,
  ITEM_SPEC_MAX_CHARS,
  ITEM_STOCK_MAX,
  MIN_ORDERS_MAX,
  PER_PERSON_LIMIT_MAX,
  PICKUP_POINT_MAX_CHARS,
} from './group-buy-rules';

/**
 * 团购 (issue 36 item 1): an approved 团长 or an approved shop publishes a group buy in one
 * community; its residents see what is on sale (/salemore) and order. Amounts integer fen,
 * times unix seconds, the commission in basis points (1% = 100).
 */

const text = (max: number, message: string, min = 1) => z.string({ error: message }).trim().min(min, message).max(max, message);
const int = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);
const ZTime = (message: string) => int(0, 4_102_444_800, message);

export const ZGroupBuyItemForm = /*#__PURE__*/ z.object({
  name: text(ITEM_NAME_MAX_CHARS, GroupBuyMsg.itemName),
  spec: text(ITEM_SPEC_MAX_CHARS, GroupBuyMsg.itemSpec, 0).default(''),
  photo: ZImageHash.nullable().default(null),
  priceFen: int(1, MAX_FEN, GroupBuyMsg.price),
  stock: int(1, ITEM_STOCK_MAX, GroupBuyMsg.stock),
});

/** What a seller publishes: exactly one of `leaderId` (their approved 团长 row) or `merchantId` (a shop they own). */
export const ZGroupBuyForm = /*#__PURE__*/ z.object({
  poiId: ZPoiId,
  leaderId: z.string().uuid(GroupBuyMsg.seller).optional(),
  merchantId: z.string().uuid(GroupBuyMsg.seller).optional(),
  title: text(GROUP_BUY_TITLE_MAX_CHARS, GroupBuyMsg.title),
  intro: text(GROUP_BUY_INTRO_MAX_CHARS, GroupBuyMsg.intro, 0).default(''),
  photos: z.array(ZImageHash, { error: GroupBuyMsg.photos }).max(GROUP_BUY_PHOTOS_MAX, GroupBuyMsg.photos).default([]),
  items: z.array(ZGroupBuyItemForm, { error: GroupBuyMsg.items }).min(1, GroupBuyMsg.items).max(GROUP_BUY_ITEMS_MAX, GroupBuyMsg.items),
  perPersonLimit: int(1, PER_PERSON_LIMIT_MAX, GroupBuyMsg.perPersonLimit),
  opensAt: ZTime(GroupBuyMsg.window),
  closesAt: ZTime(GroupBuyMsg.window),
  minOrders: int(1, MIN_ORDERS_MAX, GroupBuyMsg.minOrders),
  pickupPoint: text(PICKUP_POINT_MAX_CHARS, GroupBuyMsg.pickupPoint),
  pickupFrom: ZTime(GroupBuyMsg.pickupTime),
  pickupUntil: ZTime(GroupBuyMsg.pickupTime),
  commissionBp: int(0, COMMISSION_MAX_BP, GroupBuyMsg.commission).default(0),
});

const ZPhoto = z.object({ url: z.string(), thumbUrl: z.string() });

export const ZGroupBuyItem = /*#__PURE__*/ z.object({
  id: z.string(),
  name: z.string(),
  spec: z.string(),
  photo: ZPhoto.nullable(),
  priceFen: z.number().int(),
  stock: z.number().int(),
  sold: z.number().int(),
});

/** A group buy's card (/salemore's list, the manage and leader pages). */
export const ZGroupBuyCard = /*#__PURE__*/ z.object({
  id: z.string(),
  poiId: z.string(),
  title: z.string(),
  cover: ZPhoto.nullable(),
  /** Who sells: the 团长's display name or the shop's name. */
  seller: z.object({ kind: z.enum(['leader', 'shop']), id: z.string(), name: z.string() }),
  state: z.enum(GROUP_BUY_STATES),
  statusReason: z.string().nullable(),
  /** The lowest item price (价格从). */
  priceFromFen: z.number().int(),
  sold: z.number().int(),
  stock: z.number().int(),
  /** Distinct buyers with paid orders, against 成团's minimum. */
  buyers: z.number().int(),
  minOrders: z.number().int(),
  perPersonLimit: z.number().int(),
  opensAt: z.number().int(),
  closesAt: z.number().int(),
  pickupPoint: z.string(),
  pickupFrom: z.number().int(),
  pickupUntil: z.number().int(),
  commissionBp: z.number().int(),
});
export type GroupBuyCard = z.output<typeof ZGroupBuyCard>;

export const ZGroupBuy = /*#__PURE__*/ ZGroupBuyCard.extend({
  intro: z.string(),
  photos: z.array(ZPhoto),
  items: z.array(ZGroupBuyItem),
  /** Units the caller holds in unpaid and paid orders of it (the per-person limit counts these). */
  mine: z.number().int(),
  /** The 团长 the caller's order will credit (a share link's, else the group buy's own). */
  creditedLeader: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The caller may cancel it (its seller, while open). */
  canCancel: z.boolean(),
});
export type GroupBuy = z.output<typeof ZGroupBuy>;

export const publishGroupBuy = defineEndpoint({
  method: 'POST',
  path: '/v1/group-buys',
  summary: '发布团购',
  body: ZGroupBuyForm,
  data: z.object({ groupBuy: ZGroupBuy }),
});

/** A community's group buys on sale and coming (its readers), closing soonest first. */
export const listGroupBuys = defineEndpoint({
  method: 'GET',
  path: '/v1/group-buys',
  summary: '本社区的团购',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ groupBuys: z.array(ZGroupBuyCard), serverTime: z.number().int() }),
});

/** One group buy with its items; `leader` a share link's 团长 (credited when approved in the same community). */
export const getGroupBuy = defineEndpoint({
  method: 'GET',
  path: '/v1/group-buys/:id',
  summary: '团购详情',
  query: z.object({ leader: z.string().uuid().optional().catch(undefined) }),
  data: z.object({ groupBuy: ZGroupBuy, serverTime: z.number().int() }),
});

/** The seller cancels an open group buy: every paid order is refunded, its buyers told. */
export const cancelGroupBuy = defineEndpoint({
  method: 'POST',
  path: '/v1/group-buys/:id/cancel',
  summary: '取消团购（已付款订单全部退款）',
  body: z.object({ reason: text(CANCEL_REASON_MAX_CHARS, GroupBuyMsg.cancelReason) }),
  data: z.object({ groupBuy: ZGroupBuyCard, refunds: z.number().int() }),
});

/** Who the caller may publish as: their approved 团长 rows and the shops they own with their approved communities. */
export const listMySellers = defineEndpoint({
  method: 'GET',
  path: '/v1/group-buys/sellers',
  summary: '可用的发布身份（团长、店铺）',
  data: z.object({
    leaders: z.array(z.object({ id: z.string(), poiId: z.string(), community: z.string(), displayName: z.string(), pickupPoint: z.string() })),
    shops: z.array(z.object({ id: z.string(), name: z.string(), communities: z.array(z.object({ poiId: z.string(), name: z.string() })) })),
  }),
});

/** The group buys the caller sells (as 团长 or shop owner), newest first. */
export const listMyGroupBuys = defineEndpoint({
  method: 'GET',
  path: '/v1/group-buys/mine',
  summary: '我发布的团购',
  data: z.object({ groupBuys: z.array(ZGroupBuyCard) }),
});

/** A community's group buys in every state (its administrator, manager or the operator). */
export const listManagedGroupBuys = defineEndpoint({
  method: 'GET',
  path: '/v1/group-buys/manage',
  summary: '本社区全部团购（管理）',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ groupBuys: z.array(ZGroupBuyCard) }),
});
