import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { ZPoiId } from '../poi-id';
import {
  REDBAG_MAX_PACKET_FEN,
  REDBAG_MAX_PACKETS,
  REDBAG_MAX_SHARES,
  REDBAG_MAX_VALID_DAYS,
  REDBAG_MIN_SHARES,
  REDBAG_TITLE_MAX_CHARS,
  RedbagMsg,
} from './redbag-rules';

/**
 * 红包 (issue 35 item 3): a shop's owner funds a campaign of red packets of coupons; a resident of
 * a served community starts their packet (the first share is theirs at once) and shares it; each
 * neighbour who opens it gets the next share as a coupon of the campaign's redbag-channel batch.
 * Amounts integer fen, times unix seconds.
 */

const ZTime = z.number({ error: RedbagMsg.window }).int(RedbagMsg.window).min(0, RedbagMsg.window);
const ZId = (message: string) => z.string({ error: message }).uuid(message);

/** The owner's form (the amounts typed in yuan, sent in fen). */
export const ZRedbagForm = /*#__PURE__*/ z.object({
  title: z.string({ error: RedbagMsg.title }).trim().min(1, RedbagMsg.title).max(REDBAG_TITLE_MAX_CHARS, RedbagMsg.title),
  packetFen: z.number({ error: RedbagMsg.packet }).int(RedbagMsg.packet).min(1, RedbagMsg.packet).max(REDBAG_MAX_PACKET_FEN, RedbagMsg.packet),
  shares: z.number({ error: RedbagMsg.shares }).int(RedbagMsg.shares).min(REDBAG_MIN_SHARES, RedbagMsg.shares).max(REDBAG_MAX_SHARES, RedbagMsg.shares),
  packets: z.number({ error: RedbagMsg.packets }).int(RedbagMsg.packets).min(1, RedbagMsg.packets).max(REDBAG_MAX_PACKETS, RedbagMsg.packets),
  startsAt: ZTime,
  endsAt: ZTime,
  validDays: z.number({ error: RedbagMsg.validDays }).int(RedbagMsg.validDays).min(1, RedbagMsg.validDays).max(REDBAG_MAX_VALID_DAYS, RedbagMsg.validDays),
  thresholdFen: z.number({ error: RedbagMsg.threshold }).int(RedbagMsg.threshold).min(0, RedbagMsg.threshold).max(REDBAG_MAX_PACKET_FEN * 100, RedbagMsg.threshold),
  communities: z.array(ZPoiId, { error: RedbagMsg.communities }).min(1, RedbagMsg.communities).max(200, RedbagMsg.communities),
});
export type RedbagForm = z.input<typeof ZRedbagForm>;

/** A campaign as its shop sees it. */
export const ZShopRedbagCampaign = /*#__PURE__*/ z.object({
  id: z.string(),
  batchId: z.string(),
  title: z.string(),
  packetFen: z.number().int(),
  shares: z.number().int(),
  packets: z.number().int(),
  packetsStarted: z.number().int(),
  /** Shares opened over all its packets (the starters' own first shares included). */
  sharesOpened: z.number().int(),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  validDays: z.number().int(),
  thresholdFen: z.number().int(),
  communities: z.array(z.string()),
  createdAt: z.number().int(),
});

export const createRedbagCampaign = defineEndpoint({
  method: 'POST',
  path: '/v1/merchants/:id/redbags',
  summary: '发红包活动（店主）',
  body: ZRedbagForm,
  data: z.object({ campaign: ZShopRedbagCampaign }),
});

export const listShopRedbagCampaigns = defineEndpoint({
  method: 'GET',
  path: '/v1/merchants/:id/redbags',
  summary: '本店的红包活动（店主）',
  data: z.object({ campaigns: z.array(ZShopRedbagCampaign), communities: z.array(z.object({ poiId: z.string(), name: z.string() })) }),
});

/** A campaign offered in the caller's community (/redbag). */
export const ZRedbagCampaign = /*#__PURE__*/ z.object({
  id: z.string(),
  title: z.string(),
  merchant: z.object({ id: z.string(), name: z.string() }),
  packetFen: z.number().int(),
  shares: z.number().int(),
  /** Packets still to be started. */
  left: z.number().int(),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  validDays: z.number().int(),
  thresholdFen: z.number().int(),
  /** The caller's packet of it, once started. */
  mine: z.string().nullable(),
});

/** One of the caller's packets. */
export const ZMyRedbag = /*#__PURE__*/ z.object({
  id: z.string(),
  title: z.string(),
  merchantName: z.string(),
  packetFen: z.number().int(),
  shares: z.number().int(),
  opened: z.number().int(),
  createdAt: z.number().int(),
});

export const listRedbags = defineEndpoint({
  method: 'GET',
  path: '/v1/redbags',
  summary: '本社区的红包活动和我的红包',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({ campaigns: z.array(ZRedbagCampaign), mine: z.array(ZMyRedbag) }),
});

/** What opening a share gave: a coupon of this value. */
export const ZOpenedShare = /*#__PURE__*/ z.object({ redbagId: z.string(), couponId: z.string(), amountFen: z.number().int(), idx: z.number().int() });

/** Start my packet of a campaign, in `poiId` (a community it serves that I belong to): its first share is mine at once. */
export const startRedbag = defineEndpoint({
  method: 'POST',
  path: '/v1/redbags/start',
  summary: '领红包（开启我的红包）',
  body: z.object({ campaignId: ZId(RedbagMsg.campaignNotFound), poiId: ZPoiId }),
  data: ZOpenedShare,
});

/** A packet as an opener sees it (/redbag?id=). */
export const getRedbag = defineEndpoint({
  method: 'GET',
  path: '/v1/redbags/:id',
  summary: '红包详情',
  query: z.object({ poiId: ZPoiId }),
  data: z.object({
    id: z.string(),
    title: z.string(),
    merchant: z.object({ id: z.string(), name: z.string() }),
    /** The sharer's screen name. */
    sharer: z.string(),
    packetFen: z.number().int(),
    shares: z.number().int(),
    opened: z.number().int(),
    thresholdFen: z.number().int(),
    validDays: z.number().int(),
    isSharer: z.boolean(),
    /** The caller's share, when they opened one. */
    mine: z.object({ amountFen: z.number().int(), couponId: z.string() }).nullable(),
  }),
});

/** Open the next share of a shared packet: once per person; 红包已被领完 when none is left. */
export const openRedbag = defineEndpoint({
  method: 'POST',
  path: '/v1/redbags/:id/open',
  summary: '拆红包',
  body: z.object({ poiId: ZPoiId }),
  data: ZOpenedShare,
});

/** The sharer's page (/redbag/share?id=): who opened it – screen names and amounts only. */
export const getRedbagShare = defineEndpoint({
  method: 'GET',
  path: '/v1/redbags/:id/share',
  summary: '我分享的红包：领取详情',
  data: z.object({
    id: z.string(),
    title: z.string(),
    merchantName: z.string(),
    packetFen: z.number().int(),
    shares: z.number().int(),
    opened: z.number().int(),
    openers: z.array(z.object({ name: z.string(), amountFen: z.number().int(), openedAt: z.number().int(), me: z.boolean() })),
  }),
});
