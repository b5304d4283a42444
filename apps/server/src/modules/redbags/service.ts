import { randomInt } from 'node:crypto';
import { beijingDate } from '@sq/contract/beijing-time';
import type { EndpointData, EndpointBody } from '@sq/contract/endpoint';
import { priceText, yuan } from '@sq/contract/money';
import { REDBAG_MAX_WINDOW_DAYS, RedbagMsg, shareCap, splitPacket } from '@sq/contract/redbags/redbag-rules';
import type { createRedbagCampaign, getRedbag, getRedbagShare, listRedbags, listShopRedbagCampaigns } from '@sq/contract/redbags/redbags';
import { Code } from '@sq/contract/envelope';
import { CouponMsg } from '@sq/contract/coupons/coupon-rules';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { Caller } from '../auth/caller';
// A share's coupon is valid as a claimed one: its Beijing days, today included.
import { validUntilOf } from '../coupons/resident-service';
import type { ContentChecks } from '../content/checks';
import type { MerchantAccess } from '../merchants/merchant-access';
import type { NotificationService } from '../notifications/service';
import type { CampaignRow, RedbagRepo } from './repo';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_S = 86_400;


/** The rules a red-packet coupon carries (shown with the coupon, at the counter). */
const rulesOf = (f: { packetFen: number; shares: number; thresholdFen: number; validDays: number }) =>
  `红包券：每个红包共${priceText(f.packetFen)}，拆成${f.shares}份，每份随机金额（至少¥0.01）。` +
  `${f.thresholdFen > 0 ? `消费满${yuan(f.thresholdFen)}元可用。` : '无使用门槛。'}领取后${f.validDays}天内有效，到店出示核销，不能兑换现金。`;

/**
 * 红包 (issue 35 item 3): the shop's owner funds campaigns; residents of the communities a campaign
 * serves start their packet and open the packets neighbours share. Shares are coupons, never cash.
 */
export function createRedbagService(deps: { repo: RedbagRepo; merchantAccess: MerchantAccess; access: AccessService; notices: NotificationService; checks: ContentChecks; now: () => Date }) {
  const { repo, merchantAccess, access, notices, checks, now } = deps;

  const shopCampaign = (c: Awaited<ReturnType<RedbagRepo['ofShop']>>[number]): EndpointData<typeof createRedbagCampaign>['campaign'] => ({
    id: c.id,
    batchId: c.batchId,
    title: c.title,
    packetFen: c.packetFen,
    shares: c.shares,
    packets: c.packets,
    packetsStarted: c.packetsStarted,
    sharesOpened: c.sharesOpened,
    startsAt: seconds(c.startsAt),
    endsAt: seconds(c.endsAt),
    validDays: c.validDays,
    thresholdFen: c.thresholdFen,
    communities: c.communities,
    createdAt: seconds(c.createdAt),
  });

  /** A resident (or staff) of `poiId`; anyone else 403 in red-packet words. */
  async function member(caller: Caller, poiId: string) {
    await access.requireResident(caller, poiId, beijingDate(now())).catch((e: unknown) => {
      throw e instanceof AppError && e.code === Code.forbidden ? forbidden(RedbagMsg.notMember) : e;
    });
  }

  /** The campaign, running now, served in `poiId` that the caller belongs to. */
  async function runningFor(caller: Caller, campaignId: string, poiId: string): Promise<CampaignRow> {
    const c = UUID.test(campaignId) ? await repo.campaign(campaignId) : null;
    if (!c || c.status !== 'active' || c.merchantStatus !== 'approved') throw notFound(RedbagMsg.campaignNotFound);
    await member(caller, poiId);
    if (!c.communities.includes(poiId) || !(await repo.serves(c.merchantId, poiId))) throw forbidden(RedbagMsg.notServed);
    const at = now();
    if (at < c.startsAt) throw badRequest(RedbagMsg.notStarted);
    if (at >= c.endsAt) throw badRequest(RedbagMsg.ended);
    return c;
  }

  async function packetOf(id: string) {
    const bag = UUID.test(id) ? await repo.packet(id) : null;
    if (!bag) throw notFound(RedbagMsg.packetNotFound);
    return bag;
  }

  return {
    async create(caller: Caller, merchantId: string, f: EndpointBody<typeof createRedbagCampaign>) {
      const shop = await merchantAccess.requireOwner(caller, merchantId);
      if (shop.status !== 'approved') throw forbidden(RedbagMsg.shopNotApproved);
      if (f.packetFen < f.shares) throw badRequest(RedbagMsg.packetTooSmall);
      if (f.thresholdFen > 0 && f.thresholdFen < shareCap(f.packetFen, f.shares)) throw badRequest(RedbagMsg.shareOverThreshold);
      if (f.endsAt <= f.startsAt || f.endsAt - f.startsAt > REDBAG_MAX_WINDOW_DAYS * DAY_S || f.endsAt <= seconds(now())) throw badRequest(RedbagMsg.window);
      const approved = new Set((await repo.approvedLinks(shop.merchantId)).map((l) => l.poiId));
      const chosen = [...new Set(f.communities)];
      if (chosen.some((p) => !approved.has(p))) throw badRequest(RedbagMsg.communities);
      // The title passes the content check of every community it reaches, as a coupon batch's does.
      const verdicts = await Promise.all((chosen.length ? chosen : [...approved]).map((poiId) => checks.check(poiId, f.title, { showPhone: true })));
      const words = [...new Set(verdicts.flatMap((v) => v.keywords))];
      if (words.length) throw badRequest(CouponMsg.bannedWords(words));
      const id = await repo.create({
        merchantId: shop.merchantId,
        title: verdicts[0]?.text ?? f.title,
        packetFen: f.packetFen,
        shares: f.shares,
        packets: f.packets,
        startsAt: new Date(f.startsAt * 1000),
        endsAt: new Date(f.endsAt * 1000),
        validDays: f.validDays,
        thresholdFen: f.thresholdFen,
        communities: chosen,
        rules: rulesOf(f),
        createdBy: caller.userId,
      });
      const campaign = (await repo.ofShop(shop.merchantId)).find((c) => c.id === id)!;
      return { campaign: shopCampaign(campaign) };
    },

    async ofShop(caller: Caller, merchantId: string): Promise<EndpointData<typeof listShopRedbagCampaigns>> {
      const shop = await merchantAccess.requireOwner(caller, merchantId);
      const [campaigns, communities] = await Promise.all([repo.ofShop(shop.merchantId), repo.approvedLinks(shop.merchantId)]);
      return { campaigns: campaigns.map(shopCampaign), communities };
    },

    async offered(caller: Caller, poiId: string): Promise<EndpointData<typeof listRedbags>> {
      await access.requireResident(caller, poiId, beijingDate(now())).catch((e: unknown) => {
        throw e instanceof Error && 'code' in e && (e as { code: number }).code === 403 ? forbidden(RedbagMsg.notMember) : e;
      });
      const [campaigns, mine] = await Promise.all([repo.offeredIn(poiId, caller.userId, now()), repo.mine(caller.userId)]);
      return {
        campaigns: campaigns.map((c) => ({
          id: c.id,
          title: c.title,
          merchant: { id: c.merchantId, name: c.merchantName },
          packetFen: c.packetFen,
          shares: c.shares,
          left: c.packets - c.packetsStarted,
          startsAt: seconds(c.startsAt),
          endsAt: seconds(c.endsAt),
          validDays: c.validDays,
          thresholdFen: c.thresholdFen,
          mine: c.mine,
        })),
        mine: mine.map((m) => ({ ...m, createdAt: seconds(m.createdAt) })),
      };
    },

    async start(caller: Caller, campaignId: string, poiId: string) {
      const c = await runningFor(caller, campaignId, poiId);
      const amounts = splitPacket(c.packetFen, c.shares, (lo, hi) => randomInt(lo, hi + 1));
      const done = await repo.start(c, caller.userId, poiId, amounts, validUntilOf(now(), c.validDays));
      if ('refused' in done) throw conflict(done.refused === 'mine' ? RedbagMsg.alreadyStarted : RedbagMsg.allStarted);
      return done;
    },

    async view(caller: Caller, id: string, poiId: string): Promise<EndpointData<typeof getRedbag>> {
      const bag = await packetOf(id);
      const c = (await repo.campaign(bag.campaignId))!;
      if (bag.sharerId !== caller.userId) {
        await member(caller, poiId);
        if (!c.communities.includes(poiId) || !(await repo.serves(c.merchantId, poiId))) throw forbidden(RedbagMsg.notServed);
      }
      return {
        id: bag.id,
        title: c.title,
        merchant: { id: c.merchantId, name: c.merchantName },
        sharer: bag.sharer,
        packetFen: c.packetFen,
        shares: c.shares,
        opened: bag.opened,
        thresholdFen: c.thresholdFen,
        validDays: c.validDays,
        isSharer: bag.sharerId === caller.userId,
        mine: await repo.shareOf(bag.id, caller.userId),
      };
    },

    async open(caller: Caller, id: string, poiId: string) {
      const bag = await packetOf(id);
      const c = await runningFor(caller, bag.campaignId, poiId);
      const done = await repo.open(c, bag.id, caller.userId, poiId, validUntilOf(now(), c.validDays));
      if ('refused' in done) throw conflict(done.refused === 'mine' ? RedbagMsg.alreadyOpened : RedbagMsg.empty);
      const opener = (await repo.openers(bag.id)).find((o) => o.userId === caller.userId);
      await notices.redbagOpened({ userId: bag.sharerId, poiId, name: opener?.name || '邻居', what: c.title, redbagId: bag.id, idx: done.idx });
      return done;
    },

    async share(caller: Caller, id: string): Promise<EndpointData<typeof getRedbagShare>> {
      const bag = await packetOf(id);
      if (bag.sharerId !== caller.userId) throw forbidden(RedbagMsg.notSharer);
      const c = (await repo.campaign(bag.campaignId))!;
      const openers = await repo.openers(bag.id);
      return {
        id: bag.id,
        title: c.title,
        merchantName: c.merchantName,
        packetFen: c.packetFen,
        shares: c.shares,
        opened: bag.opened,
        openers: openers.map((o) => ({ name: o.name || '邻居', amountFen: o.amountFen, openedAt: seconds(o.openedAt), me: o.userId === caller.userId })),
      };
    },
  };
}
export type RedbagService = ReturnType<typeof createRedbagService>;
