import { GroupBuyMsg, ORDER_WINDOW_MAX_DAYS, PICKUP_MAX_DAYS } from '@sq/contract/groupbuys/group-buy-rules';
import type { ZGroupBuyForm } from '@sq/contract/groupbuys/group-buys';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { groupBuyItems, groupBuys } from '../../db/schema';
import type { ShopImage } from '../../db/schema/merchants';
import { badRequest, forbidden } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { Caller } from '../auth/caller';
import type { ContentChecks } from '../content/checks';
import type { ImageUses } from '../images/uses';
import type { MerchantAccess } from '../merchants/merchant-access';
import type { GroupBuysRepo } from './group-buys-repo';

type Form = z.output<typeof ZGroupBuyForm>;
const DAY_S = 86_400;

/** The form's times agree with each other and with now (400 in words of their own otherwise). */
function checkTimes(f: Form, nowSec: number) {
  if (f.closesAt <= f.opensAt) throw badRequest(GroupBuyMsg.windowOrder);
  if (f.closesAt <= nowSec) throw badRequest(GroupBuyMsg.windowPast);
  if (f.closesAt - Math.max(f.opensAt, nowSec) > ORDER_WINDOW_MAX_DAYS * DAY_S) throw badRequest(GroupBuyMsg.windowLong);
  if (f.pickupFrom < f.closesAt) throw badRequest(GroupBuyMsg.pickupAfterClose);
  if (f.pickupUntil <= f.pickupFrom) throw badRequest(GroupBuyMsg.pickupOrder);
  if (f.pickupUntil - f.closesAt > PICKUP_MAX_DAYS * DAY_S) throw badRequest(GroupBuyMsg.pickupLong);
}

/**
 * 发布团购 (issue 36 item 1): as an approved 团长 of the community, or as the owner of a shop
 * approved in it. Every text passes the community's content check (a keyword refuses, personal
 * numbers masked); photos are the seller's uploads to that community. All or nothing.
 */
export function createPublishService(deps: { db: Db; repo: GroupBuysRepo; access: AccessService; shops: MerchantAccess; checks: ContentChecks; images: ImageUses; now: () => Date }) {
  const { db, repo, access, shops, checks, images, now } = deps;

  async function sellerOf(caller: Caller, f: Form): Promise<{ leaderId: string | null; merchantId: string | null }> {
    if (Boolean(f.leaderId) === Boolean(f.merchantId)) throw badRequest(GroupBuyMsg.seller);
    if (f.leaderId) {
      const mine = await repo.approvedLeader(caller.userId, f.poiId);
      if (!mine || mine.id !== f.leaderId) throw forbidden(GroupBuyMsg.notLeader);
      return { leaderId: mine.id, merchantId: null };
    }
    const scope = await shops.requireOwner(caller, f.merchantId!);
    if (!(await repo.shopApprovedIn(scope.merchantId, f.poiId))) throw forbidden(GroupBuyMsg.shopNotHere);
    return { leaderId: null, merchantId: scope.merchantId };
  }

  async function textsOf(f: Form) {
    const all = [f.title, f.intro, f.pickupPoint, ...f.items.flatMap((i) => [i.name, i.spec])];
    const verdicts = await Promise.all(all.map((t) => checks.check(f.poiId, t, { showPhone: false })));
    const words = [...new Set(verdicts.flatMap((v) => v.keywords))];
    if (words.length) throw badRequest(GroupBuyMsg.bannedWords(words));
    return verdicts.map((v) => v.text);
  }

  return {
    async publish(caller: Caller, f: Form) {
      await access.requireCommunity(f.poiId);
      const at = now();
      checkTimes(f, Math.floor(at.getTime() / 1000));
      const seller = await sellerOf(caller, f);
      const [title, intro, pickupPoint, ...itemTexts] = await textsOf(f);
      const id = crypto.randomUUID();
      await db.transaction(async (tx) => {
        const hashes = [...f.photos, ...f.items.flatMap((i) => (i.photo ? [i.photo] : []))];
        const stored = await images.use(tx, { poiId: f.poiId, uploaderId: caller.userId, hashes, ref: `groupbuy:${id}`, missing: GroupBuyMsg.photo });
        const byHash = new Map(stored.map((s) => [s.hash, { ...s, poiId: f.poiId } satisfies ShopImage]));
        await tx.insert(groupBuys).values({
          id,
          poiId: f.poiId,
          ...seller,
          title: title!,
          intro: intro!,
          photos: [...new Set(f.photos)].map((h) => byHash.get(h)!),
          commissionBp: f.commissionBp,
          minOrders: f.minOrders,
          perPersonLimit: f.perPersonLimit,
          opensAt: new Date(f.opensAt * 1000),
          closesAt: new Date(f.closesAt * 1000),
          pickupPoint: pickupPoint!,
          pickupFrom: new Date(f.pickupFrom * 1000),
          pickupUntil: new Date(f.pickupUntil * 1000),
          status: 'open',
          createdBy: caller.userId,
          createdAt: at,
        });
        await tx.insert(groupBuyItems).values(
          f.items.map((i, n) => ({
            groupBuyId: id,
            name: itemTexts[n * 2]!,
            spec: itemTexts[n * 2 + 1]!,
            photo: i.photo ? byHash.get(i.photo)! : null,
            priceFen: i.priceFen,
            stock: i.stock,
            sort: n,
          })),
        );
      });
      return id;
    },
  };
}
export type PublishService = ReturnType<typeof createPublishService>;
