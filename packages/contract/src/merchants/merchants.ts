import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { IMAGE_SERVED_TYPE } from '../images/image-rules';
import { ZImage, ZImageHash } from '../images/upload-image';
import { SERVICE_CATEGORY_IDS } from '../map/service-categories';
import { ZPoiId } from '../poi-id';
import { MOBILE_PATTERN, MSG_MOBILE_INVALID } from '../rules';
import {
  HOURS_PATTERN,
  isUscc,
  MERCHANT_ADDRESS_MAX_CHARS,
  MERCHANT_INTRO_MAX_CHARS,
  MERCHANT_LINK_STATUSES,
  MERCHANT_NAME_MAX_CHARS,
  MERCHANT_PHOTOS_MAX,
  MERCHANT_RADIUS_MAX_M,
  MERCHANT_RADIUS_MIN_M,
  MERCHANT_ROLES,
  MERCHANT_STATUSES,
  MerchantMsg,
  SHOP_PHONE_PATTERN,
} from './merchant-rules';
import { MERCHANT_REASON_MAX_CHARS, MERCHANT_REVIEW_DECISIONS } from './review-rules';

/**
 * 周边商家 (issue 35 item 1): a shop applies, is reviewed per community it would serve, keeps its
 * clerks, and is found by the residents of the communities that approved it. Times unix seconds.
 */

const ZShopId = z.string({ error: MerchantMsg.notFound }).uuid(MerchantMsg.notFound);

/** The application form (apply, and edit to resubmit). Photos: hashes uploaded with purpose 'merchant' in `imagePoiId`. */
export const ZMerchantForm = /*#__PURE__*/ z.object({
  name: z.string({ error: MerchantMsg.name }).trim().min(1, MerchantMsg.name).max(MERCHANT_NAME_MAX_CHARS, MerchantMsg.name),
  category: z.enum(SERVICE_CATEGORY_IDS as [string, ...string[]], { error: MerchantMsg.category }),
  intro: z.string({ error: MerchantMsg.intro }).trim().max(MERCHANT_INTRO_MAX_CHARS, MerchantMsg.intro).default(''),
  address: z.string({ error: MerchantMsg.address }).trim().min(1, MerchantMsg.address).max(MERCHANT_ADDRESS_MAX_CHARS, MerchantMsg.address),
  lng: z.number({ error: MerchantMsg.location }).min(73, MerchantMsg.location).max(136, MerchantMsg.location),
  lat: z.number({ error: MerchantMsg.location }).min(3, MerchantMsg.location).max(54, MerchantMsg.location),
  hours: z.string({ error: MerchantMsg.hours }).trim().regex(HOURS_PATTERN, MerchantMsg.hours),
  phone: z.string({ error: MerchantMsg.phone }).trim().regex(SHOP_PHONE_PATTERN, MerchantMsg.phone),
  photos: z.array(ZImageHash, { error: MerchantMsg.photos }).max(MERCHANT_PHOTOS_MAX, MerchantMsg.photos).default([]),
  licenceNo: z
    .string({ error: MerchantMsg.licenceNo })
    .trim()
    .toUpperCase()
    .refine((v) => isUscc(v), MerchantMsg.licenceNo),
  licenceImage: z.string({ error: MerchantMsg.licenceImage }).regex(/^[A-Za-z0-9_-]{43}$/, MerchantMsg.licenceImage),
  /** The community the photos were uploaded in (the owner's current one). */
  imagePoiId: ZPoiId,
  radiusM: z.number({ error: MerchantMsg.radius }).int(MerchantMsg.radius).min(MERCHANT_RADIUS_MIN_M, MerchantMsg.radius).max(MERCHANT_RADIUS_MAX_M, MerchantMsg.radius),
});

/** A community the shop would serve, and how its review went there. */
export const ZShopLink = /*#__PURE__*/ z.object({
  poiId: z.string(),
  community: z.string(),
  status: z.enum(MERCHANT_LINK_STATUSES),
  reason: z.string().nullable(),
  distanceM: z.number().int(),
  reviewedAt: z.number().int().nullable(),
});

/** Everything about a shop, as its staff and its reviewers see it (the licence photo included). */
export const ZShopFull = /*#__PURE__*/ z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  intro: z.string(),
  address: z.string(),
  lng: z.number(),
  lat: z.number(),
  hours: z.string(),
  phone: z.string(),
  photos: z.array(ZImage),
  licenceNo: z.string(),
  licenceImage: ZImage,
  imagePoiId: z.string(),
  radiusM: z.number().int(),
  status: z.enum(MERCHANT_STATUSES),
  statusNote: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  communities: z.array(ZShopLink),
});
export type ShopFull = z.output<typeof ZShopFull>;

/** A shop as residents see it in a list. */
export const ZShopCard = /*#__PURE__*/ z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  address: z.string(),
  hours: z.string(),
  openNow: z.boolean(),
  /** Metres from the community. */
  distanceM: z.number().int(),
  cover: ZImage.nullable(),
  /** Active claim-channel coupon batches offered in this community. */
  coupons: z.number().int(),
});
export type ShopCard = z.output<typeof ZShopCard>;

/** A shop's public page: never its owner, never its licence photo (docs/decisions/merchants.md). */
export const ZShopPublic = /*#__PURE__*/ ZShopCard.extend({
  intro: z.string(),
  lng: z.number(),
  lat: z.number(),
  phone: z.string(),
  photos: z.array(ZImage),
  /** 统一社会信用代码: a business's public identifier (shown, as shops display their licence). */
  licenceNo: z.string(),
  /** Whether the caller works for it (their centre is linked). */
  mine: z.boolean(),
});
export type ShopPublic = z.output<typeof ZShopPublic>;

export const applyMerchant = defineEndpoint({
  method: 'POST',
  path: '/v1/merchants',
  summary: '商家入驻申请',
  body: ZMerchantForm,
  data: z.object({ id: z.string(), communities: z.number().int() }),
});

/** The owner's correction: the whole form again; the shop is reviewed again in every community in range. */
export const editMerchant = defineEndpoint({
  method: 'POST',
  path: '/v1/merchants/:id/edit',
  summary: '修改并重新提交商家申请',
  body: ZMerchantForm,
  data: z.object({ id: z.string(), communities: z.number().int() }),
});

/** The shop as its owner and clerks see it (/business); clerks listed to the owner only. */
export const getMyShop = defineEndpoint({
  method: 'GET',
  path: '/v1/merchants/:id/manage',
  summary: '商家中心：店铺详情与审核进度',
  data: z.object({
    shop: ZShopFull,
    role: z.enum(MERCHANT_ROLES),
    /** Screen name and masked mobile only. */
    clerks: z.array(z.object({ userId: z.string(), name: z.string(), mobile: z.string(), role: z.enum(MERCHANT_ROLES), addedAt: z.number().int() })),
  }),
});

export const addClerk = defineEndpoint({
  method: 'POST',
  path: '/v1/merchants/:id/clerks',
  summary: '添加店员（按手机号）',
  body: z.object({ mobile: z.string({ error: MSG_MOBILE_INVALID }).trim().regex(MOBILE_PATTERN, MSG_MOBILE_INVALID) }),
  data: z.object({ userId: z.string() }),
});

export const removeClerk = defineEndpoint({
  method: 'POST',
  path: '/v1/merchants/:id/clerks/remove',
  summary: '移除店员',
  body: z.object({ userId: z.string({ error: MerchantMsg.notMine }).uuid(MerchantMsg.notMine) }),
  data: z.object({ removed: z.boolean() }),
});

/** 商家审核: the shops with links the caller reviews (operator: all; a community's administrator or manager: theirs). */
export const listMerchantReviews = defineEndpoint({
  method: 'GET',
  path: '/v1/merchants/reviews',
  summary: '商家审核队列',
  query: z.object({ status: z.enum(['pending', 'all'], { error: MerchantMsg.notPending }).default('pending') }),
  data: z.object({
    operator: z.boolean(),
    shops: z.array(ZShopFull.extend({ owner: z.object({ name: z.string(), mobile: z.string() }) })),
  }),
});

/**
 * Approve or return a shop: in `poiId` (its administrator or manager, or the operator), or – the
 * operator only – in every community still pending. A return needs a reason.
 */
export const reviewMerchant = defineEndpoint({
  method: 'POST',
  path: '/v1/merchants/:id/review',
  summary: '审核商家（通过 / 退回）',
  body: z.object({
    poiId: ZPoiId.optional(),
    decision: z.enum(MERCHANT_REVIEW_DECISIONS, { error: MerchantMsg.notPending }),
    reason: z.string({ error: MerchantMsg.reason }).trim().max(MERCHANT_REASON_MAX_CHARS, MerchantMsg.reason).default(''),
  }),
  data: z.object({ reviewed: z.number().int() }),
});

/** The operator takes a shop off every community (suspend, with a reason) or puts it back. */
export const suspendMerchant = defineEndpoint({
  method: 'POST',
  path: '/v1/merchants/:id/suspend',
  summary: '停用 / 恢复商家',
  body: z.object({
    suspend: z.boolean({ error: MerchantMsg.notPending }),
    reason: z.string({ error: MerchantMsg.reason }).trim().max(MERCHANT_REASON_MAX_CHARS, MerchantMsg.reason).default(''),
  }),
  data: z.object({ status: z.enum(MERCHANT_STATUSES) }),
});

/** The review audit trail the caller may read (operator: every review; staff: their communities'), newest first. */
export const listMerchantReviewLog = defineEndpoint({
  method: 'GET',
  path: '/v1/merchants/reviews/log',
  summary: '商家审核记录',
  data: z.object({
    entries: z.array(z.object({ at: z.number().int(), actor: z.string(), shop: z.string(), community: z.string().nullable(), action: z.string(), reason: z.string().nullable() })),
  }),
});

/** Residents: the shops approved in a community, nearest first, of one category or all. */
export const listShops = defineEndpoint({
  method: 'GET',
  path: '/v1/merchants',
  summary: '社区周边商家',
  query: z.object({ poiId: ZPoiId, category: z.enum(SERVICE_CATEGORY_IDS as [string, ...string[]], { error: MerchantMsg.category }).optional() }),
  data: z.object({ shops: z.array(ZShopCard) }),
});

/** /bussiness?id=: a shop's public page, in a community where it is approved. */
export const getShop = defineEndpoint({
  method: 'GET',
  path: '/v1/merchants/:id',
  summary: '商家主页',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ shop: ZShopPublic }),
});

export const getShopImage = defineEndpoint({
  method: 'GET',
  path: '/v1/images/shop/:id/:hash',
  summary: '店铺照片（营业执照照片仅店铺与审核人可见）',
  data: z.null(),
  download: { types: [IMAGE_SERVED_TYPE], description: '图片本身', inline: true },
});
export const getShopImageThumb = defineEndpoint({
  method: 'GET',
  path: '/v1/images/shop/:id/:hash/thumb',
  summary: '店铺照片缩略图',
  data: z.null(),
  download: { types: [IMAGE_SERVED_TYPE], description: '正方形缩略图', inline: true },
});

export { ZShopId };
