import { eq, and } from 'drizzle-orm';
import { beijingDate } from '@sq/contract/beijing-time';
import { GroupBuyMsg, LeaderMsg } from '@sq/contract/groupbuys/group-buy-rules';
import type { Db } from '../../db/client';
import { groupBuys } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { AccessService } from '../access/service';
import type { AuditRepo } from '../audit/repo';
import type { Caller } from '../auth/caller';
import type { MerchantAccess } from '../merchants/merchant-access';
import type { GroupBuysRepo, CardRow } from './group-buys-repo';
import type { LeadersRepo } from './leaders-repo';
import type { RefundSender } from './refund-sender';
import { refundPaidOrders } from './system-refunds';
import { cardOf, itemOf, photoOf, seconds } from './views';

/**
 * 团购 as residents, sellers and staff see them (issue 36 items 1 and 5), and the seller's cancel:
 * every paid order refunded through the payments port, its buyers told.
 */
export function createGroupBuysService(deps: { db: Db; repo: GroupBuysRepo; leaders: LeadersRepo; access: AccessService; shops: MerchantAccess; audit: AuditRepo; refunds: RefundSender; now: () => Date }) {
  const { db, repo, leaders, access, shops, audit, refunds, now } = deps;

  /** The seller of `g` – its 团长 or its shop's owner – or null. */
  async function sells(caller: Caller, g: CardRow): Promise<boolean> {
    if (g.leaderId) return (await repo.leader(g.leaderId))?.userId === caller.userId;
    return (await shops.scopeOf(caller.userId, g.merchantId!))?.role === 'owner';
  }

  async function requireManager(caller: Caller, poiId: string) {
    await access.requireCommunity(poiId);
    if (await access.isOperator(caller)) return;
    if (!(await leaders.reviews(caller.userId, poiId))) throw forbidden(LeaderMsg.notManager);
  }

  return {
    async list(caller: Caller, poiId: string) {
      const at = now();
      await access.requireReader(caller, poiId, beijingDate(at));
      return { groupBuys: (await repo.onSale(poiId, at)).map((g) => cardOf(g, at)), serverTime: seconds(at) };
    },

    /** One group buy; `shareLeader` (?leader=) is credited when approved in the same community. */
    async get(caller: Caller, id: string, shareLeader?: string) {
      const g = await repo.card(id);
      if (!g) throw notFound(GroupBuyMsg.notFound);
      const at = now();
      const isSeller = await sells(caller, g);
      if (!isSeller) await access.requireReader(caller, g.poiId, beijingDate(at));
      const [items, mine, credited] = await Promise.all([repo.items(g.id), repo.unitsOf(db, g.id, caller.userId), creditedLeaderOf(leaders, g, shareLeader)]);
      const card = cardOf(g, at);
      return {
        groupBuy: {
          ...card,
          intro: g.intro,
          photos: g.photos.map(photoOf),
          items: items.map((i) => itemOf(i, card.state)),
          mine,
          creditedLeader: credited ? { id: credited.id, name: credited.displayName } : null,
          canCancel: isSeller && g.status === 'open',
        },
        serverTime: seconds(at),
      };
    },

    async cancel(caller: Caller, id: string, reason: string) {
      const g = await repo.card(id);
      if (!g) throw notFound(GroupBuyMsg.notFound);
      if (!(await sells(caller, g))) throw forbidden(GroupBuyMsg.notSeller);
      const at = now();
      const refunded = await db.transaction(async (tx) => {
        const done = await tx
          .update(groupBuys)
          .set({ status: 'cancelled', statusReason: reason, decidedAt: at })
          .where(and(eq(groupBuys.id, g.id), eq(groupBuys.status, 'open')))
          .returning({ id: groupBuys.id });
        if (done.length === 0) throw badRequest(GroupBuyMsg.notOpen);
        return refundPaidOrders(tx, g.id, 'cancelled', reason, at);
      });
      await audit.record({ actorId: caller.userId, action: 'groupBuy.cancel', poiId: g.poiId, subjectId: g.id, detail: { reason, refunds: refunded.length } });
      await refunds.sendAndTell(refunded, { poiId: g.poiId, title: g.title, outcome: 'cancelled', sentence: `已被取消，原因：${reason}。您的付款将原路退回，请留意退款到账。` });
      return { groupBuy: cardOf((await repo.card(g.id))!, at), refunds: refunded.length };
    },

    async sellers(caller: Caller) {
      const [mine, owned] = await Promise.all([repo.approvedLeadersOf(caller.userId), repo.ownedShops(caller.userId)]);
      const names = await leaders.communityNames([...mine.map((l) => l.poiId), ...owned.map((s) => s.poiId)]);
      const shopsById = new Map<string, { id: string; name: string; communities: { poiId: string; name: string }[] }>();
      for (const s of owned) {
        const entry = shopsById.get(s.id) ?? { id: s.id, name: s.name, communities: [] };
        entry.communities.push({ poiId: s.poiId, name: names.get(s.poiId) ?? s.poiId });
        shopsById.set(s.id, entry);
      }
      return {
        leaders: mine.map((l) => ({ id: l.id, poiId: l.poiId, community: names.get(l.poiId) ?? l.poiId, displayName: l.displayName, pickupPoint: l.pickupPoint })),
        shops: [...shopsById.values()],
      };
    },

    async mine(caller: Caller) {
      const at = now();
      return { groupBuys: (await repo.ofSeller(caller.userId)).map((g) => cardOf(g, at)) };
    },

    async manage(caller: Caller, poiId: string) {
      await requireManager(caller, poiId);
      const at = now();
      return { groupBuys: (await repo.ofCommunity(poiId)).map((g) => cardOf(g, at)) };
    },
  };

}
export type GroupBuysService = ReturnType<typeof createGroupBuysService>;

/** The 团长 an order credits (orders module): a share link's approved leader of the same community, else the group buy's own. */
export async function creditedLeaderOf(leaders: LeadersRepo, g: { poiId: string; leaderId: string | null }, shareLeader?: string) {
  const ids = [shareLeader, g.leaderId].filter((x): x is string => Boolean(x));
  const found = await leaders.approved(ids);
  return found.find((l) => l.id === shareLeader && l.poiId === g.poiId) ?? found.find((l) => l.id === g.leaderId) ?? null;
}
